import { readStorage, writeStorage } from '../../storage';

// The short sound that says "your turn" in a clash: off unless the player turns it on in the settings, and
// kept on this device only (a sound suits one device and not another). Made with Web Audio: no file to load.

const TURN_SOUND_KEY = 'turnSound';

export const turnSoundOn = (): boolean => readStorage(TURN_SOUND_KEY) === 'on';

export const setTurnSound = (on: boolean) => writeStorage(TURN_SOUND_KEY, on ? 'on' : 'off');

let context: AudioContext | null = null;

/** Two soft notes, a quarter of a second in all. Silent where the browser has no Web Audio or refuses it. */
export function playTurnSound() {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime;
    [660, 880].forEach((frequency, index) => {
      const at = start + index * 0.12;
      const tone = new OscillatorNode(context!, { type: 'sine', frequency });
      const volume = new GainNode(context!, { gain: 0 });
      volume.gain.linearRampToValueAtTime(0.2, at + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.001, at + 0.12);
      tone.connect(volume).connect(context!.destination);
      tone.start(at);
      tone.stop(at + 0.13);
    });
  } catch {
    // No sound is no harm: the title and the icon still say it.
  }
}
