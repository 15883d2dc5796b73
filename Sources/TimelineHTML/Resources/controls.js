// The search, the tools and the bar (`.tl-controls`) stick to the top of the screen, so
// Sort & Filter is reachable from anywhere in a long timeline (and opening it never scrolls
// the page away from where the reader was); the section headers stick below them
// (`--tl-controls-height`, kept as the controls wrap and unwrap). Without the script
// nothing sticks but the headers. Shared by the standalone page and the web app.
(()=>{"use strict";
const controls=document.querySelector(".tl-controls");
if(!controls||!document.querySelector(".tl-timeline"))return;
controls.classList.add("tl-stuck");
const measure=()=>document.documentElement.style.setProperty("--tl-controls-height",
controls.getBoundingClientRect().height+"px");
measure();if(window.ResizeObserver)new ResizeObserver(measure).observe(controls);})();
