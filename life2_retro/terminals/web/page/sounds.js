// The Teletype's sounds in the page, with Web Audio. The samples are those the pygame Teletype
// plays, rendered by the same functions (terminals/window/sound.py) into WAV files that life2
// serves: a clack a character, the carriage's run home, the line feed's ratchet, the bell, and
// the motor's hum under it all. Browsers start audio only after a key or a click: the first one
// starts it. M (when no line is being typed) or F8 mutes.

const VOICES = ["print", "return", "feed", "bell"];

export class Sounds {
  constructor(enabled, voices = VOICES, motor = true) {
    this.enabled = enabled;
    this.voices = voices;
    this.motor = motor;
    this.muted = false;
    this.context = null;
    this.buffers = new Map();
  }

  // called on a key or click: browsers let audio start only then
  async start() {
    if (!this.enabled || this.context) return;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    this.context = new Context();
    this.gain = this.context.createGain();
    this.gain.connect(this.context.destination);
    const names = this.motor ? [...this.voices, "hum"] : this.voices;
    await Promise.all(names.map(async (name) => {
      try {
        const response = await fetch(new URL(`sounds/${name}.wav`, new URL(".", location.href)));
        const buffer = await this.context.decodeAudioData(await response.arrayBuffer());
        this.buffers.set(name, buffer);
      } catch (error) { /* no sound of that name: silence */ }
    }));
    const hum = this.buffers.get("hum");
    if (hum) {
      const source = this.context.createBufferSource();
      source.buffer = hum;
      source.loop = true;
      const quiet = this.context.createGain();
      quiet.gain.value = 0.6;
      source.connect(quiet).connect(this.gain);
      source.start();
    }
  }

  // one of each kind a frame is enough to hear
  play(events) {
    if (!this.context || this.muted) return;
    for (const name of new Set(events)) {
      const buffer = this.buffers.get(name);
      if (!buffer) continue;
      const source = this.context.createBufferSource();
      source.buffer = buffer;
      source.connect(this.gain);
      source.start();
    }
  }

  toggleMute() {
    this.muted = !this.muted;
    if (this.gain) this.gain.gain.value = this.muted ? 0 : 1;
    return this.muted;
  }
}
