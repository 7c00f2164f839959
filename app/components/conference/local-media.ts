import { useEffect, useState } from "react";

// Camera, microphone and screen capture with the spec's constraints (§9), and
// the audio level meter.

export const DEVICE_SWITCH_DELAY_MS = 100;

const AUDIO: MediaTrackConstraints = { echoCancellation: true, noiseSuppression: true };

export function cameraConstraints(deviceId?: string): MediaTrackConstraints {
  return { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: "user", ...(deviceId ? { deviceId: { exact: deviceId } } : {}) };
}

export function microphoneConstraints(deviceId?: string): MediaTrackConstraints {
  return { ...AUDIO, ...(deviceId ? { deviceId: { exact: deviceId } } : {}) };
}

export function openCameraAndMicrophone(cameraId?: string, microphoneId?: string): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({ video: cameraConstraints(cameraId), audio: microphoneConstraints(microphoneId) });
}

export function openScreen(): Promise<MediaStream> {
  return navigator.mediaDevices.getDisplayMedia({
    video: { width: { ideal: 1920, max: 1920 }, height: { ideal: 1080, max: 1080 }, frameRate: { ideal: 30, max: 30 } },
    audio: { ...AUDIO, autoGainControl: true },
  });
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface DeviceChoice {
  id: string;
  label: string;
}

/** The spec's labels: the device's own, or 'Camera {first 8 characters of its id}'. */
export async function listDevices(): Promise<{ cameras: DeviceChoice[]; microphones: DeviceChoice[] }> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  const pick = (kind: MediaDeviceKind, fallback: string) =>
    devices
      .filter((device) => device.kind === kind && device.deviceId)
      .map((device) => ({ id: device.deviceId, label: device.label || `${fallback} ${device.deviceId.slice(0, 8)}` }));
  return { cameras: pick("videoinput", "Camera"), microphones: pick("audioinput", "Microphone") };
}

/** 0–100 from the microphone, per the spec's analyser (size 256, smoothing 0.8). */
export function useAudioLevel(track: MediaStreamTrack | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!track) {
      setLevel(0);
      return;
    }
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 256;
    analyser.smoothingTimeConstant = 0.8;
    const source = context.createMediaStreamSource(new MediaStream([track]));
    source.connect(analyser);
    const data = new Uint8Array(analyser.frequencyBinCount);
    let frame = 0;
    const tick = () => {
      analyser.getByteFrequencyData(data);
      const average = data.reduce((sum, value) => sum + value, 0) / data.length;
      setLevel(Math.min(100, Math.round((average / 255) * 100 * 2)));
      frame = requestAnimationFrame(tick);
    };
    tick();
    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void context.close();
    };
  }, [track]);
  return level;
}
