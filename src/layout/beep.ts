/**
 * A short two-tone chime made with the Web Audio API (no sound file to download). The
 * browser lets a page play sound once the user has interacted with it (the login counts);
 * before that, or without Web Audio, it stays silent.
 */
let context: AudioContext | null = null;

const tone = (audio: AudioContext, frequency: number, start: number, length: number) => {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + length + 0.02);
};

export function beep(): void {
  if (typeof window.AudioContext !== 'function') return;
  try {
    context ??= new window.AudioContext();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const now = context.currentTime;
    tone(context, 880, now, 0.18);
    tone(context, 660, now + 0.2, 0.25);
  } catch {
    // No audio device: the highlight and the title still tell.
  }
}
