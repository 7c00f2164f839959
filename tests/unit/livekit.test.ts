import { TrackSource } from "livekit-server-sdk";
import { describe, expect, it } from "vitest";
import { hostGrant, liveKitIdentity, liveKitRoomName, studentGrant } from "~/models/live/livekit.server";
import { parseEnv } from "~/utils/env.server";
import { contentSecurityPolicy, mediaServerSources } from "../../server/security";

const KEYS = { LIVEKIT_URL: "wss://livekit.academy.example", LIVEKIT_API_KEY: "APIacademy", LIVEKIT_API_SECRET: "a-long-random-secret" };

describe("choosing the media backend", () => {
  it("runs the embedded SFU unless told otherwise", () => {
    expect(parseEnv({}).MEDIA_BACKEND).toBe("embedded");
    expect(() => parseEnv({ MEDIA_BACKEND: "mediasoup" })).toThrow(/^Invalid configuration: MEDIA_BACKEND /);
  });

  it("stops start-up when LiveKit is chosen without its address and keys", () => {
    const message = /^Invalid configuration: MEDIA_BACKEND livekit needs LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET$/;
    expect(() => parseEnv({ MEDIA_BACKEND: "livekit" })).toThrow(message);
    expect(() => parseEnv({ MEDIA_BACKEND: "livekit", ...KEYS, LIVEKIT_API_SECRET: "" })).toThrow(message);
    expect(() => parseEnv({ MEDIA_BACKEND: "livekit", ...KEYS, LIVEKIT_URL: undefined })).toThrow(message);
  });

  it("accepts LiveKit with a ws(s) address and both keys", () => {
    const env = parseEnv({ MEDIA_BACKEND: "livekit", ...KEYS });
    expect(env.MEDIA_BACKEND).toBe("livekit");
    expect(env.LIVEKIT_URL).toBe(KEYS.LIVEKIT_URL);
    expect(() => parseEnv({ MEDIA_BACKEND: "livekit", ...KEYS, LIVEKIT_URL: "https://livekit.academy.example" })).toThrow(
      /LIVEKIT_URL must be a ws:\/\/ or wss:\/\/ URL/,
    );
  });
});

describe("the browser may reach the LiveKit server", () => {
  it("allows its WebSocket and its HTTP side, nothing else", () => {
    expect(mediaServerSources("wss://livekit.academy.example/")).toEqual(["wss://livekit.academy.example", "https://livekit.academy.example"]);
    expect(mediaServerSources("ws://10.0.0.5:7880")).toEqual(["ws://10.0.0.5:7880", "http://10.0.0.5:7880"]);
    const policy = contentSecurityPolicy("n", false, [], mediaServerSources(KEYS.LIVEKIT_URL));
    expect(policy).toContain("connect-src 'self' https://api.stripe.com wss://livekit.academy.example https://livekit.academy.example;");
    expect(contentSecurityPolicy("n", false)).toContain("connect-src 'self' https://api.stripe.com;");
  });
});

describe("LiveKit rooms and grants", () => {
  it("names rooms after conferences and participants after members", () => {
    expect(liveKitRoomName(7)).toBe("academy-conference-7");
    expect(liveKitIdentity(42)).toBe("user-42");
  });

  it("lets the host publish camera, microphone and screen and manage the room; students only receive", () => {
    expect(hostGrant("academy-conference-7")).toEqual({
      room: "academy-conference-7",
      roomJoin: true,
      roomAdmin: true,
      canPublish: true,
      canPublishSources: [TrackSource.CAMERA, TrackSource.MICROPHONE, TrackSource.SCREEN_SHARE],
      canSubscribe: true,
      canPublishData: false,
    });
    expect(studentGrant("academy-conference-7")).toEqual({
      room: "academy-conference-7",
      roomJoin: true,
      canPublish: false,
      canSubscribe: true,
      canPublishData: false,
    });
  });
});
