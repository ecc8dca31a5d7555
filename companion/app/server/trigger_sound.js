// Shinpan's trigger sound in the web build (issue 17). Flet's prebuilt web client carries no audio
// extension, so the app announces a trigger in the page title instead: it starts with a note, "♪ IPPON
// #3 · Shinpan". This script, served by Shinpan's own server (no outside request), sees the title change
// and plays a short tone with the Web Audio API. The app leaves the title alone when sound is off.
(function () {
  "use strict";
  var NOTE = "\u266A ";
  var context = null;
  var lastTitle = document.title;

  function audio() {
    if (context === null) {
      var Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return null;
      context = new Context();
    }
    if (context.state === "suspended") context.resume();
    return context;
  }

  function tone(ctx, start, frequency, seconds) {
    var oscillator = ctx.createOscillator();
    var gain = ctx.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.3, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start);
    oscillator.stop(start + seconds + 0.02);
  }

  function announce(title) {
    try {
      var ctx = audio();
      if (ctx === null) return;
      var now = ctx.currentTime;
      var ending = title.indexOf("MATCH") >= 0;  // a win or a draw: three rising tones, else two
      tone(ctx, now, 880, 0.14);
      tone(ctx, now + 0.16, 1175, 0.18);
      if (ending) tone(ctx, now + 0.36, 1568, 0.3);
      window.shinpanTriggerSounds = (window.shinpanTriggerSounds || []).concat([title]);
    } catch (error) {
      // No sound device, or audio refused: the banner on the screen still says it.
    }
  }

  function titleChanged() {
    var title = document.title;
    if (title === lastTitle) return;
    lastTitle = title;
    if (title.indexOf(NOTE) === 0) announce(title);
  }

  // Browsers start audio only after a touch on the page: the first tap (any button) readies it.
  document.addEventListener("pointerdown", function () { audio(); }, { capture: true, once: true });
  new MutationObserver(titleChanged).observe(document.documentElement,
    { subtree: true, childList: true, characterData: true });
  window.setInterval(titleChanged, 250);
})();
