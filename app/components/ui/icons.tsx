import { forwardRef, type SVGProps } from "react";
import spriteUrl from "~/assets/icons.svg?url";
import { cn } from "~/utils/misc";

/**
 * The academy's icons (drawn by Lucide) as references into one cached sprite,
 * app/assets/icons.svg, instead of each page carrying inline copies of every
 * path (issue 15: ~10 KB of the landing page). Stroke and size come from CSS
 * (`.lucide` in tailwind.css), so Tailwind classes size and colour them.
 * Adding an icon: export it below, then `npm run icons` rebuilds the sprite
 * (a unit test fails while the sprite and this list disagree).
 */
export type IconProps = SVGProps<SVGSVGElement>;

function spriteIcon(name: string) {
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon({ className, ...props }, ref) {
    // Decorative unless the caller names it, as Lucide's own components do.
    const named = Object.keys(props).some((key) => key.startsWith("aria-") || key === "role" || key === "title");
    return (
      <svg ref={ref} viewBox="0 0 24 24" className={cn("lucide", className)} aria-hidden={named ? undefined : true} {...props}>
        <use href={`${spriteUrl}#${name}`} />
      </svg>
    );
  });
  Icon.displayName = name;
  return Icon;
}

export type LucideIcon = ReturnType<typeof spriteIcon>;

export const Activity = spriteIcon("Activity");
export const AlertCircle = spriteIcon("AlertCircle");
export const ArrowDown = spriteIcon("ArrowDown");
export const ArrowLeft = spriteIcon("ArrowLeft");
export const ArrowRight = spriteIcon("ArrowRight");
export const ArrowUp = spriteIcon("ArrowUp");
export const Award = spriteIcon("Award");
export const BadgeCheck = spriteIcon("BadgeCheck");
export const BarChart3 = spriteIcon("BarChart3");
export const BookOpen = spriteIcon("BookOpen");
export const Bell = spriteIcon("Bell");
export const Bot = spriteIcon("Bot");
export const Calendar = spriteIcon("Calendar");
export const CalendarClock = spriteIcon("CalendarClock");
export const CalendarDays = spriteIcon("CalendarDays");
export const CalendarPlus = spriteIcon("CalendarPlus");
export const Camera = spriteIcon("Camera");
export const Captions = spriteIcon("Captions");
export const CameraOff = spriteIcon("CameraOff");
export const Check = spriteIcon("Check");
export const CheckCircle2 = spriteIcon("CheckCircle2");
export const ChevronDown = spriteIcon("ChevronDown");
export const ChevronLeft = spriteIcon("ChevronLeft");
export const ChevronRight = spriteIcon("ChevronRight");
export const Circle = spriteIcon("Circle");
export const CircleCheck = spriteIcon("CircleCheck");
export const Clock = spriteIcon("Clock");
export const Compass = spriteIcon("Compass");
export const Copy = spriteIcon("Copy");
export const Crown = spriteIcon("Crown");
export const DollarSign = spriteIcon("DollarSign");
export const Download = spriteIcon("Download");
export const ExternalLink = spriteIcon("ExternalLink");
export const Eye = spriteIcon("Eye");
export const File = spriteIcon("File");
export const FileQuestion = spriteIcon("FileQuestion");
export const FileSpreadsheet = spriteIcon("FileSpreadsheet");
export const FileText = spriteIcon("FileText");
export const Flame = spriteIcon("Flame");
export const FolderOpen = spriteIcon("FolderOpen");
export const GraduationCap = spriteIcon("GraduationCap");
export const HelpCircle = spriteIcon("HelpCircle");
export const Home = spriteIcon("Home");
export const ImageIcon = spriteIcon("ImageIcon");
export const KeyRound = spriteIcon("KeyRound");
export const Layers = spriteIcon("Layers");
export const Library = spriteIcon("Library");
export const Link2Off = spriteIcon("Link2Off");
export const Loader2 = spriteIcon("Loader2");
export const Lock = spriteIcon("Lock");
export const LogIn = spriteIcon("LogIn");
export const LogOut = spriteIcon("LogOut");
export const Mail = spriteIcon("Mail");
export const MailQuestion = spriteIcon("MailQuestion");
export const MailX = spriteIcon("MailX");
export const Menu = spriteIcon("Menu");
export const MessageCircle = spriteIcon("MessageCircle");
export const MessageCircleQuestion = spriteIcon("MessageCircleQuestion");
export const MessageSquare = spriteIcon("MessageSquare");
export const MessageSquarePlus = spriteIcon("MessageSquarePlus");
export const MessagesSquare = spriteIcon("MessagesSquare");
export const Mic = spriteIcon("Mic");
export const MicOff = spriteIcon("MicOff");
export const Monitor = spriteIcon("Monitor");
export const MonitorOff = spriteIcon("MonitorOff");
export const Moon = spriteIcon("Moon");
export const MoreVertical = spriteIcon("MoreVertical");
export const Palette = spriteIcon("Palette");
export const Pencil = spriteIcon("Pencil");
export const Pin = spriteIcon("Pin");
export const Play = spriteIcon("Play");
export const PlayCircle = spriteIcon("PlayCircle");
export const Plus = spriteIcon("Plus");
export const PlusCircle = spriteIcon("PlusCircle");
export const Radio = spriteIcon("Radio");
export const RefreshCw = spriteIcon("RefreshCw");
export const Rocket = spriteIcon("Rocket");
export const RotateCcw = spriteIcon("RotateCcw");
export const Search = spriteIcon("Search");
export const Send = spriteIcon("Send");
export const Settings = spriteIcon("Settings");
export const Share2 = spriteIcon("Share2");
export const Shield = spriteIcon("Shield");
export const ShieldAlert = spriteIcon("ShieldAlert");
export const Sparkles = spriteIcon("Sparkles");
export const Square = spriteIcon("Square");
export const Star = spriteIcon("Star");
export const Trash2 = spriteIcon("Trash2");
export const TrendingUp = spriteIcon("TrendingUp");
export const Trophy = spriteIcon("Trophy");
export const Upload = spriteIcon("Upload");
export const UserPlus = spriteIcon("UserPlus");
export const UserRound = spriteIcon("UserRound");
export const Users = spriteIcon("Users");
export const Video = spriteIcon("Video");
export const VideoOff = spriteIcon("VideoOff");
export const Wrench = spriteIcon("Wrench");
export const X = spriteIcon("X");
export const XCircle = spriteIcon("XCircle");
export const Zap = spriteIcon("Zap");
