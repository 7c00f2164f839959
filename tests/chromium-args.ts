// The flags every browser test launches Debian's Chromium with: headless in a
// container, no background traffic, and a fake camera and microphone allowed
// without a prompt (the live rooms).
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-gpu",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
  "--autoplay-policy=no-user-gesture-required",
];
