"""The two plain HTML pages a club server adds beside the Flet app: the PIN form and the spectator board.

Plain HTML, not Flet: the PIN must be asked before any Flet session exists, and the board must run on
any TV browser for hours with no websocket. Names typed by referees reach the board only through
`textContent`, never as HTML.
"""

from __future__ import annotations

import html

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 0; padding: 1rem; background: #111; color: #f5f5f5; }
main { max-width: 30rem; margin: 2rem auto; }
label, input, button, p { font-size: 1.4rem; }
input { width: 100%; padding: .6rem; margin: .5rem 0 1rem; box-sizing: border-box; letter-spacing: .3rem; }
button { padding: .6rem 1.4rem; }
.message { border-left: .4rem solid #ffb300; padding-left: .8rem; }
"""


def login_page(message: str = "", next_path: str = "/") -> str:
    shown = f'<p class="message" role="alert">{html.escape(message)}</p>' if message else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shinpan club: enter the PIN</title><style>{_STYLE}</style></head>
<body><main>
<h1>Shinpan club</h1>
<p>Enter the club PIN to referee on this server. The spectator board needs no PIN: <a href="/board">/board</a>.</p>
{shown}
<form method="post" action="/club/login">
<label for="pin">Club PIN</label>
<input id="pin" name="pin" type="password" inputmode="numeric" autocomplete="current-password" autofocus
       pattern="[0-9]{{4,12}}" required>
<input type="hidden" name="next" value="{html.escape(next_path)}">
<button type="submit">Enter</button>
</form></main></body></html>"""


BOARD_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shinpan: matches in progress</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; padding: 1.5vw; background: #111; color: #f5f5f5; }
h1 { font-size: 3vw; margin: 0 0 1vw; }
#matches, #tournaments { display: grid; grid-template-columns: repeat(auto-fill, minmax(38vw, 1fr)); gap: 1.5vw; }
#tournaments-heading { margin-top: 2vw; }
section { border: .25vw solid #555; border-radius: 1vw; padding: 1vw 1.5vw; }
section.finished { border-style: dashed; }
h2 { font-size: 2vw; margin: 0 0 .5vw; color: #bbb; }
.player { font-size: 3vw; font-weight: bold; }
.facts { font-size: 2.2vw; margin: 0 0 .8vw; }
.trigger { font-size: 2.4vw; font-weight: bold; color: #ffb300; }
.status { font-size: 1.8vw; color: #ccc; }
#stale { font-size: 1.6vw; color: #ff8a80; }
</style></head>
<body>
<h1>Matches in progress</h1>
<p id="stale" role="status"></p>
<div id="matches" aria-live="polite"></div>
<h1 id="tournaments-heading" hidden>Tournaments</h1>
<div id="tournaments" class="grid" aria-live="polite"></div>
<script>
"use strict";
function line(tag, cls, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  el.textContent = text;  // referee-typed names are text, never HTML
  return el;
}
function render(board) {
  const list = document.getElementById("matches");
  const sections = board.matches.map((m) => {
    const s = document.createElement("section");
    s.className = m.finished ? "finished" : "";
    s.dataset.match = String(m.id);
    s.append(line("h2", "", m.ruleset + (m.title ? " - " + m.title : "")));
    for (const p of m.players) {
      s.append(line("div", "player", p.name + (p.result ? " (" + p.result + ")" : "")));
      s.append(line("p", "facts", p.facts.join(" \\u00b7 ")));
    }
    if (m.last_trigger) s.append(line("div", "trigger", "Last: " + m.last_trigger));
    s.append(line("div", "status", m.finished ? "Finished: " + m.result : (m.turn ? m.turn + " to act" : "")));
    return s;
  });
  if (!sections.length) sections.push(line("p", "status", "No match in progress."));
  list.replaceChildren(...sections);
  const cups = (board.tournaments || []).map((t) => {
    const s = document.createElement("section");
    s.dataset.tournament = String(t.id);
    s.append(line("h2", "", t.format + " - " + t.ruleset));
    s.append(line("div", "player", t.name));
    if (t.winner) s.append(line("div", "trigger", "Champion: " + t.winner));
    for (const row of t.standings.slice(0, 8)) {
      s.append(line("p", "facts", row.place + ". " + row.player + "  " + row.points + " pts"));
    }
    if (t.next.length) s.append(line("div", "status", "Next: " + t.next.map((p) => p[0] + " v " + p[1]).join("; ")));
    return s;
  });
  document.getElementById("tournaments").replaceChildren(...cups);
  document.getElementById("tournaments-heading").hidden = !cups.length;
  document.getElementById("stale").textContent = "";
}
async function refresh() {
  try {
    const response = await fetch("/board.json", {cache: "no-store"});
    if (!response.ok) throw new Error(String(response.status));
    render(await response.json());
  } catch (error) {
    document.getElementById("stale").textContent = "The server cannot be reached; showing the last scores.";
  }
  setTimeout(refresh, 500);
}
refresh();
</script>
</body></html>"""
