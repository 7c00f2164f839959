import { File, FileSpreadsheet, FileText } from "~/components/ui/icons";
import { cn } from "~/utils/misc";

/** The file's extension from its name, e.g. "pdf"; "" when it has none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot === -1 ? "" : fileName.slice(dot + 1).toLowerCase();
}

/** The type shown on a card: the extension in capitals, else the MIME subtype. */
export function fileTypeLabel(fileName: string, fileType: string): string {
  const extension = fileExtension(fileName);
  if (extension) return extension.toUpperCase();
  const subtype = fileType.split("/")[1] ?? "";
  return subtype && subtype !== "octet-stream" ? subtype.toUpperCase() : "FILE";
}

/** PDF, spreadsheet and document icons (spec); the others get a generic one. */
export function FileTypeIcon({ fileName, className }: { fileName: string; className?: string }) {
  const extension = fileExtension(fileName);
  const base = cn("h-8 w-8 shrink-0", className);
  if (extension === "pdf") return <FileText className={cn(base, "text-red-400")} aria-hidden data-icon="pdf" />;
  if (extension === "xls" || extension === "xlsx") return <FileSpreadsheet className={cn(base, "text-emerald-400")} aria-hidden data-icon="spreadsheet" />;
  if (extension === "doc" || extension === "docx") return <FileText className={cn(base, "text-sky-400")} aria-hidden data-icon="document" />;
  return <File className={cn(base, "text-accent")} aria-hidden data-icon="file" />;
}
