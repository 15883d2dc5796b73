// The Sort & Filter dialog's editing (SORT-1 … SORT-5), shared by the standalone page and
// the web app: `timelineSortDialog(dialog)` wires a dialog the renderer drew and returns
// what its page calls (`opened` when it opens, `snapshot` before, `restore` on cancel).
//
// A criterion's checkbox selects it; its direction toggles; the arrow keys on a selected
// criterion's handle, a mouse drag, a touch on the handle or a long press on the criterion
// move it, announced in the page's language; Apply is enabled only when the dialog differs
// from what is applied and a criterion is chosen (else the core's error text shows); Reset
// only away from the core's defaults, to which it returns. Applying is the page's: the
// standalone page filters and sorts in place, the app sends the form.
window.timelineSortDialog=dialog=>{"use strict";
const form=dialog.querySelector("form");
const list=dialog.querySelector(".tl-sort");
const help=dialog.querySelector(".tl-help");
const live=document.getElementById("tl-sort-live");
const apply=dialog.querySelector("button[value=apply]");
const helpText=help.dataset.help;
const resetButton=dialog.querySelector("button[value=reset]");
// The script moves criteria by their handles: the move buttons that stand in for it
// without the script go, and the handles show.
dialog.querySelectorAll(".tl-move").forEach(b=>b.remove());
dialog.querySelectorAll(".tl-handle[hidden]").forEach(h=>{h.hidden=false;});
// On a phone the actions stick to the sheet's bottom: the control the focus moves to is
// scrolled clear of them, however tall they wrap (`--tl-actions-height`).
const actions=dialog.querySelector(".tl-dialog-actions");
if(actions&&window.ResizeObserver)new ResizeObserver(()=>dialog.style.setProperty(
"--tl-actions-height",actions.getBoundingClientRect().height+"px")).observe(actions);
// Reset (a submit asking the page for the defaults without the script) resets in place.
resetButton?.addEventListener("click",e=>{e.preventDefault();form.reset();});
const fill=(f,numbers,texts)=>{let d=0,t=0;
return (f||"").replace(/%[d@]/g,m=>String((m==="%d"?numbers[d++]:texts[t++])??""));};
// The dialog's state as the core's SortFilterDialog sees it: the chosen criteria in order
// with their directions, the chosen filters, the ranges (dates, priorities).
const state=()=>JSON.stringify([[...list.children].filter(li=>li.querySelector("input").checked)
.map(li=>li.dataset.field+":"+li.querySelector(".tl-direction").dataset.direction),
[...dialog.querySelectorAll("input[name=filter]:checked")].map(i=>i.value),
[...dialog.querySelectorAll(".tl-range input")].map(i=>i.value)]);
// The core's defaults: the criteria in their default order and choices, no filters.
const byDefault=()=>[...list.children].sort((a,b)=>a.dataset.defaultIndex-b.dataset.defaultIndex);
const defaults=JSON.stringify([byDefault().filter(li=>li.dataset.defaultSelected==="true")
.map(li=>li.dataset.field+":"+li.dataset.defaultDirection),[],[...dialog.querySelectorAll(".tl-range input")].map(()=>"")]);
let applied=state();
const refresh=()=>{
for(const li of list.children){const on=li.querySelector("input").checked;li.dataset.selected=String(on);li.draggable=on;}
const any=!!list.querySelector("input:checked");
help.dataset.error=String(!any);help.textContent=any?helpText:help.dataset.errorText;
const now=state();if(apply)apply.disabled=!any||now===applied;if(resetButton)resetButton.disabled=now===defaults;};
dialog.addEventListener("input",refresh);dialog.addEventListener("click",()=>setTimeout(refresh));
const announce=li=>{const items=[...list.children];
live.textContent=fill(live.dataset.format,[items.indexOf(li)+1,items.length],[li.querySelector("label").textContent.trim()]);refresh();};
// Reset returns every control to the core's defaults, not to the page's first state.
form.addEventListener("reset",e=>{e.preventDefault();
byDefault().forEach(li=>{list.appendChild(li);
li.querySelector("input").checked=li.dataset.defaultSelected==="true";
const b=li.querySelector(".tl-direction");b.dataset.direction=li.dataset.defaultDirection;b.textContent=b.dataset[li.dataset.defaultDirection];});
dialog.querySelectorAll("input[name=filter]").forEach(i=>{i.checked=false;});
dialog.querySelectorAll(".tl-range input").forEach(i=>{i.value="";});
refresh();
// Reset turns itself off: the focus it held goes on to Apply, or to the next action when
// Apply is off too (nothing changed since the last Apply), not to the page's top.
if(resetButton?.disabled&&[resetButton,document.body].includes(document.activeElement))
(apply&&!apply.disabled?apply:form.querySelector(".tl-dialog-actions :is(a[href],button:not(:disabled))"))?.focus();});
// A direction toggle turns in place (without the script it is a link or a submit).
list.addEventListener("click",e=>{const b=e.target.closest(".tl-direction");if(!b)return;e.preventDefault();
const d=b.dataset.direction==="ascending"?"descending":"ascending";
b.dataset.direction=d;b.textContent=b.dataset[d];refresh();});
list.addEventListener("keydown",e=>{const h=e.target.closest(".tl-handle");if(!h)return;
const li=h.closest("li");if(li.dataset.selected!=="true")return;
if(e.key==="ArrowUp"&&li.previousElementSibling){list.insertBefore(li,li.previousElementSibling);}
else if(e.key==="ArrowDown"&&li.nextElementSibling){list.insertBefore(li.nextElementSibling,li);}
else return;
e.preventDefault();h.focus();announce(li);});
let dragged=null;
list.addEventListener("dragstart",e=>{dragged=e.target.closest("li");});
list.addEventListener("dragend",()=>{dragged=null;});
list.addEventListener("dragover",e=>{if(dragged)e.preventDefault();});
list.addEventListener("drop",e=>{e.preventDefault();if(!dragged)return;place(dragged,e.clientY);announce(dragged);dragged=null;});
// Where a dragged criterion lands: before the first criterion whose middle is below the
// pointer, else after the last.
const place=(li,y)=>{const next=[...list.children].find(o=>o!==li&&y<o.getBoundingClientRect().top+o.getBoundingClientRect().height/2);
if(next)list.insertBefore(li,next);else list.appendChild(li);};
// Touch and pen (where HTML drag does not exist): drag the handle at once, or press and
// hold a criterion. Moving a criterion releases its pointer capture, so the rest of the
// gesture is followed on the document.
let touched=null,timer=0;
const lift=(li,e)=>{touched=li;li.dataset.dragging="true";try{li.setPointerCapture(e.pointerId);}catch(_){}};
list.addEventListener("pointerdown",e=>{if(e.pointerType==="mouse")return;const li=e.target.closest("li");
if(!li||li.dataset.selected!=="true")return;
if(e.target.closest(".tl-handle")){e.preventDefault();lift(li,e);}
else{clearTimeout(timer);timer=setTimeout(()=>lift(li,e),500);}});
document.addEventListener("pointermove",e=>{if(!touched)return;e.preventDefault();place(touched,e.clientY);});
// A lifted criterion moves instead of the page scrolling, and the release after a long
// press neither opens a menu nor toggles the criterion.
let lifted=false;
document.addEventListener("touchmove",e=>{if(touched)e.preventDefault();},{passive:false});
list.addEventListener("contextmenu",e=>{if(touched)e.preventDefault();});
list.addEventListener("click",e=>{if(lifted){lifted=false;e.preventDefault();e.stopPropagation();}},true);
const drop=()=>{clearTimeout(timer);if(!touched)return;delete touched.dataset.dragging;announce(touched);touched=null;
lifted=true;setTimeout(()=>{lifted=false;});};
document.addEventListener("pointerup",drop);document.addEventListener("pointercancel",drop);
// What the dialog showed when it opened: a cancel puts it back.
let saved=null;
const snapshot=()=>{saved={order:[...list.children],checks:[...dialog.querySelectorAll("input")].map(i=>i.checked),
dirs:[...dialog.querySelectorAll(".tl-direction")].map(b=>[b.dataset.direction,b.textContent]),
days:[...dialog.querySelectorAll(".tl-range input")].map(i=>i.value)};};
const restore=()=>{if(!saved)return;saved.order.forEach(li=>list.appendChild(li));
dialog.querySelectorAll("input").forEach((i,k)=>{i.checked=saved.checks[k];});
dialog.querySelectorAll(".tl-direction").forEach((b,k)=>{b.dataset.direction=saved.dirs[k][0];b.textContent=saved.dirs[k][1];});
dialog.querySelectorAll(".tl-range input").forEach((i,k)=>{i.value=saved.days[k];});
refresh();};
refresh();
return {opened:()=>{applied=state();refresh();},snapshot,restore,refresh};};
