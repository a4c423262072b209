// The line's pace in the page: what the server sent goes on paper or screen one character at a
// time, as pacing.py's Throttle releases it: 11 bits a character at the line's baud, and a
// printing character waits for the carriage to be home after a CR (200 ms on a Model 33).
// The server already sends each character when its time on the line is over; this only spreads
// a frame's characters over the time they took, so the head moves as the machine's did.

export const BITS_PER_CHARACTER = 11;
export const CARRIAGE_RETURN_SECONDS = 0.2;

export class Pace {
  constructor(baud) {
    this.step = baud ? BITS_PER_CHARACTER / baud : 0;
    this.queue = [];
    this.busyUntil = 0;
    this.carriageHome = 0;
  }

  feed(text, now) {
    if (!this.queue.length) this.busyUntil = Math.max(this.busyUntil, now - this.step);
    for (const ch of text) this.queue.push(ch);
  }

  get pending() { return this.queue.length; }

  // the characters whose time is over at `now` (seconds)
  due(now) {
    let out = "";
    while (this.queue.length) {
      const ch = this.queue[0];
      let finish = this.busyUntil + this.step;
      if (ch >= " ") finish = Math.max(finish, this.carriageHome);
      if (finish > now + 1e-9) break;
      this.busyUntil = finish;
      if (ch === "\r") this.carriageHome = finish + (this.step ? CARRIAGE_RETURN_SECONDS : 0);
      out += this.queue.shift();
    }
    return out;
  }

  clear(now) {
    this.queue = [];
    this.busyUntil = now;
    this.carriageHome = now;
  }
}
