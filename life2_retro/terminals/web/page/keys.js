// The keyboard at the page: a Model 33's keys on a Teletype (capitals only; Backspace sends the
// BASIC's erase, `_` for the 1978 BASIC), a glass terminal's on the tube. A line is typed only
// when the game asks for one and its prompt is printed; keys struck otherwise are dropped, as a
// line that is not listening drops them. The Teletype prints each key as it is struck (it is half
// duplex): onto the blot, where the move vanishes. The tube shows a key only at a prompt that
// hides nothing (how many players); a move is typed unseen.

import { teletypeChar } from "./teletype.js";

export const LINE_LIMIT = 72;

export class Keys {
  constructor({ look, erase, print, send, scroll, mute, started, sent }) {
    this.sent = sent;
    this.look = look;
    this.erase = erase || "_";
    this.print = print; // (text) => the key on paper or screen
    this.send = send;
    this.scroll = scroll;
    this.mute = mute;
    this.started = started;
    this.asking = "";
    this.typed = "";
  }

  ask(kind) {
    this.asking = kind;
    this.typed = "";
  }

  key(event) {
    this.started();
    const { key } = event;
    if (key === "F8" || ((key === "m" || key === "M") && !this.asking && !event.ctrlKey)) {
      this.mute();
      return true;
    }
    if (key === "PageUp" || key === "PageDown") {
      this.scroll(key === "PageUp" ? 10 : -10);
      return true;
    }
    if (event.ctrlKey && (key === "c" || key === "C")) {
      this.send({ break: true });
      return true;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return false;
    if (!this.asking) return key.length === 1 || key === "Enter" || key === "Backspace";
    const shown = this.look === "teletype" || this.asking === "shown";
    if (key === "Enter") {
      this.send({ line: this.typed });
      if (this.look === "teletype") this.print("\r"); // RETURN returns the carriage here; the BASIC sends CR LF
      this.asking = "";
      this.typed = "";
      this.sent();
      return true;
    }
    if (key === "Backspace") {
      if (this.erase >= " " && this.erase <= "~") this.strike(this.erase, shown);
      else if (this.typed) {
        this.typed = this.typed.slice(0, -1);
        if (shown) this.print("\b \b");
      }
      return true;
    }
    if (key.length !== 1) return false;
    const ch = this.look === "teletype" ? teletypeChar(key) : key;
    if (ch && ch >= " " && ch <= "~") this.strike(ch, shown);
    return true;
  }

  strike(ch, shown) {
    if (this.typed.length >= LINE_LIMIT) { this.print("\x07"); return; }
    this.typed += ch;
    if (shown) this.print(ch);
  }
}
