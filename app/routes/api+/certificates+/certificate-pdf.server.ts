import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { certificateInstructors, type Certificate } from "~/models/learning/certificate.server";
import { env } from "~/utils/env.server";
import { formatDate } from "~/utils/misc";

const PURPLE = "#4c1d95";
const GOLD = "#b8860b";
const INK = "#1f1f1f";
const MUTED = "#555555";

interface BodyBlock {
  text: string;
  font: string;
  size: number;
  color: string;
  gapBefore: number;
  characterSpacing?: number;
  /** Half the width of a gold rule drawn under the block. */
  ruleAfter?: number;
}

/**
 * A landscape A4 certificate that says what the verification page says (issue 47): who, which
 * course, the assessed score, who signed it, when it was issued (and reissued), and a QR code
 * that opens that page. The body is centred above the signatures so no empty band is left
 * between the course and them.
 */
export async function renderCertificatePdf(certificate: Certificate, verifyUrl: string): Promise<Buffer> {
  const qr = await QRCode.toBuffer(verifyUrl, { margin: 1, width: 240, color: { dark: "#2e1065", light: "#ffffff" } });
  const instructors = await certificateInstructors(certificate);
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 48,
    info: { Title: `Certificate ${certificate.certificateNumber}`, Author: "Mystic Academy" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));

  const { width, height } = doc.page;
  const inner = { left: 90, width: width - 180 };
  doc.rect(0, 0, width, height).fill("#fbf8f1");
  doc.rect(22, 22, width - 44, height - 44).lineWidth(4).stroke("#6d28d9");
  doc.rect(32, 32, width - 64, height - 64).lineWidth(1).stroke(GOLD);
  for (const [x, y] of [[32, 32], [width - 32, 32], [32, height - 32], [width - 32, height - 32]] as const) {
    doc.circle(x, y, 5).fill(GOLD);
  }

  // The body is measured first, then centred between the top of the frame and the signatures.
  const signatureY = height - 160;
  const blocks: BodyBlock[] = [
    { text: "MYSTIC ACADEMY", font: "Helvetica-Bold", size: 12, color: GOLD, gapBefore: 0, characterSpacing: 4 },
    { text: "Certificate of Completion", font: "Times-Bold", size: 40, color: PURPLE, gapBefore: 10, ruleAfter: 120 },
    { text: "This certifies that", font: "Times-Italic", size: 17, color: MUTED, gapBefore: 30 },
    { text: certificate.recipientName, font: "Times-Bold", size: 34, color: INK, gapBefore: 10, ruleAfter: 200 },
    { text: "has successfully completed the course", font: "Times-Italic", size: 17, color: MUTED, gapBefore: 30 },
    { text: certificate.courseTitle, font: "Helvetica-Bold", size: 24, color: PURPLE, gapBefore: 10 },
  ];
  // Courses with quizzes (issue 24): the same sentence as the verification page.
  if (certificate.averageScore !== null) {
    blocks.push({
      text: `Assessed: earned by passing the course's quizzes, with an average best score of ${certificate.averageScore}%.`,
      font: "Helvetica",
      size: 13,
      color: INK,
      gapBefore: 22,
    });
  }
  const RULE_SPACE = 12;
  const heightOf = (block: BodyBlock) =>
    block.gapBefore +
    doc.font(block.font).fontSize(block.size).heightOfString(block.text, { width: inner.width, characterSpacing: block.characterSpacing }) +
    (block.ruleAfter ? RULE_SPACE : 0);
  const bodyHeight = blocks.reduce((sum, block) => sum + heightOf(block), 0);
  const top = 58;
  const bottom = signatureY - 70;
  let y = top + Math.max(0, (bottom - top - bodyHeight) / 2);
  for (const block of blocks) {
    doc.fillColor(block.color).font(block.font).fontSize(block.size);
    doc.text(block.text, inner.left, y + block.gapBefore, { align: "center", width: inner.width, characterSpacing: block.characterSpacing });
    y = doc.y;
    if (block.ruleAfter) {
      doc.moveTo(width / 2 - block.ruleAfter, y + 6).lineTo(width / 2 + block.ruleAfter, y + 6).lineWidth(1).stroke(GOLD);
      y += RULE_SPACE;
    }
  }

  // Signatures: the founder, then the course's instructors as they were at issue (issue 29).
  const signature = (x: number, name: string, role: string) => {
    doc.moveTo(x, signatureY).lineTo(x + 230, signatureY).lineWidth(1).stroke(MUTED);
    doc.fillColor(INK).font("Helvetica-Bold").fontSize(12).text(name, x, signatureY + 6, { width: 230 });
    doc.fillColor(MUTED).font("Helvetica").fontSize(10).text(role, x, doc.y + 2, { width: 230 });
  };
  signature(80, env.ACADEMY_FOUNDER, "Founder & Lead Instructor");
  if (instructors.length > 0) signature(340, instructors.join(", "), instructors.length === 1 ? "Course Instructor" : "Course Instructors");

  const qrSize = 96;
  const qrX = width - 80 - qrSize;
  doc.image(qr, qrX, signatureY - 50, { width: qrSize });
  doc.fillColor(MUTED).font("Helvetica").fontSize(8).text("Scan to verify", qrX, signatureY + 50, { width: qrSize, align: "center" });

  const dates = [`Issued on ${formatDate(certificate.issuedAt)}`];
  if (certificate.reissuedAt) dates.push(`Reissued on ${formatDate(certificate.reissuedAt)}`);
  const details = [...dates, `Certificate no. ${certificate.certificateNumber}`].join("   ·   ");
  doc.fillColor(INK).font("Helvetica").fontSize(10).text(details, inner.left, height - 84, { align: "center", width: inner.width });
  doc.fillColor(MUTED).fontSize(9).text(`Verify at ${verifyUrl}`, inner.left, doc.y + 3, { align: "center", width: inner.width });
  doc.end();
  return done;
}
