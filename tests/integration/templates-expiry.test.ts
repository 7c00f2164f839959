import { describe, expect, it } from "vitest";
import { DEMO_STUDENT, useAcademy, Visitor } from "./helpers";

// Links live for one second here, so one can be seen to expire.
const academy = useAcademy({ DOWNLOAD_LINK_TTL_SECONDS: "1" });

describe("an expired download link", () => {
  it("is refused with 410 and does not count as a download", async () => {
    const student = new Visitor(academy.baseUrl);
    expect((await student.login(DEMO_STUDENT.username, DEMO_STUDENT.password)).status).toBe(200);
    type Listed = { id: number; isPremiumOnly: boolean; downloadCount: number };
    const list = async () => (await (await student.request("/api/tools-templates")).json()) as Listed[];
    const template = (await list()).find((t) => !t.isPremiumOnly);
    if (!template) throw new Error("the demo has free templates");

    const issued = await student.request(`/api/tools-templates/${template.id}/download`, { method: "POST" });
    const { downloadUrl } = (await issued.json()) as { downloadUrl: string };
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const answer = await student.request(downloadUrl);
    expect(answer.status).toBe(410);
    expect(await answer.json()).toEqual({ message: "This download link has expired; press Download again" });
    expect((await list()).find((t) => t.id === template.id)?.downloadCount).toBe(template.downloadCount);

    // A fresh link works at once.
    const fresh = (await (await student.request(`/api/tools-templates/${template.id}/download`, { method: "POST" })).json()) as { downloadUrl: string };
    expect((await student.request(fresh.downloadUrl)).status).toBe(200);
  });
});
