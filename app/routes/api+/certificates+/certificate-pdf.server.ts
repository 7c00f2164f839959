import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { certificateInstructors, type Certificate } from "~/models/learning/certificate.server";
import { env } from "~/utils/env.server";
import { formatDate } from "~/utils/misc";

/** A landscape A4 certificate with a QR code that opens the public verify page. */
export async function renderCertificatePdf(certificate: Certificate, verifyUrl: string): Promise<Buffer> {
  const qr = await QRCode.toBuffer(verifyUrl, { margin: 1, width: 240 });
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
  doc.rect(24, 24, width - 48, height - 48).lineWidth(3).stroke("#6d28d9");
  doc.rect(34, 34, width - 68, height - 68).lineWidth(1).stroke("#d4a017");

  doc.fillColor("#4c1d95").font("Helvetica-Bold").fontSize(34).text("Certificate of Completion", 0, 90, { align: "center" });
  doc.fillColor("#333333").font("Helvetica").fontSize(15).text("Mystic Academy certifies that", 0, 150, { align: "center" });
  doc.fillColor("#111111").font("Helvetica-Bold").fontSize(30).text(certificate.recipientName, 0, 180, { align: "center" });
  doc.fillColor("#333333").font("Helvetica").fontSize(15).text("has successfully completed the course", 0, 230, { align: "center" });
  doc.fillColor("#4c1d95").font("Helvetica-Bold").fontSize(22).text(certificate.courseTitle, 60, 258, { align: "center", width: width - 120 });

  const footerY = height - 170;
  doc.fillColor("#333333").font("Helvetica").fontSize(12);
  doc.text(`Issued ${formatDate(certificate.issuedAt)}`, 80, footerY);
  doc.text(`Certificate no. ${certificate.certificateNumber}`, 80, footerY + 18);
  doc.text(`Verify at ${verifyUrl}`, 80, footerY + 36, { width: width - 360 });
  doc.moveTo(80, footerY + 86).lineTo(330, footerY + 86).lineWidth(1).stroke("#555555");
  doc.font("Helvetica-Bold").text(env.ACADEMY_FOUNDER, 80, footerY + 92);
  doc.font("Helvetica").text("Founder & Lead Instructor", 80, footerY + 108);
  // The course's instructors sign beside the founder (issue 29).
  const instructors = await certificateInstructors(certificate);
  if (instructors.length > 0) {
    doc.moveTo(360, footerY + 86).lineTo(610, footerY + 86).lineWidth(1).stroke("#555555");
    doc.font("Helvetica-Bold").text(instructors.join(", "), 360, footerY + 92, { width: 250 });
    doc.font("Helvetica").text(instructors.length === 1 ? "Course Instructor" : "Course Instructors", 360, doc.y + 2, { width: 250 });
  }
  doc.image(qr, width - 200, footerY - 10, { width: 120 });
  doc.end();
  return done;
}
