import _TimelineMarkup

/// The small progressive script of the standalone page. Everything it enhances also reads
/// correctly without it; it never inserts user text as markup (only `textContent`).
enum Script {
  static let source = TrustedText(
    """
    (()=>{"use strict";
    const bar=document.querySelector(".tl-bar");
    const status=document.querySelector(".tl-matches");
    const dialog=document.getElementById("tl-sort-filter");
    const rows=[...document.querySelectorAll(".tl-row")];
    if(bar){
    [...bar.querySelectorAll("li")].forEach((li,i)=>li.dataset.index=i);
    const filterRows=()=>{
    const active=[...bar.querySelectorAll("button[aria-pressed=true]")].map(b=>b.dataset.filter);
    const groups={};
    for(const t of active){const k=t.slice(0,t.indexOf("="));(groups[k]=groups[k]||[]).push(t.slice(t.indexOf("=")+1));}
    let shown=0;
    for(const row of rows){
    let ok=true;
    if(groups.status)ok=ok&&row.dataset.kind==="event"&&groups.status.includes(row.dataset.node);
    if(groups.kind)ok=ok&&groups.kind.includes(row.dataset.kind);
    row.hidden=!ok;if(ok)shown++;}
    document.querySelectorAll(".tl-section").forEach(s=>{s.hidden=!s.querySelector(".tl-row:not([hidden])");});
    if(status)status.textContent=shown===1?"1 result":shown+" results";};
    const reorder=()=>{
    const items=[...bar.querySelectorAll("li")];
    const fixed=items.filter(li=>li.firstChild.dataset.kind!=="filter");
    const on=items.filter(li=>li.firstChild.getAttribute("aria-pressed")==="true").sort((a,b)=>(+a.dataset.order||0)-(+b.dataset.order||0));
    const off=items.filter(li=>li.firstChild.getAttribute("aria-pressed")==="false").sort((a,b)=>a.dataset.index-b.dataset.index);
    for(const li of [...fixed,...on,...off])bar.appendChild(li);};
    let order=0;
    bar.querySelectorAll("button[aria-pressed]").forEach(b=>{if(b.getAttribute("aria-pressed")==="true")b.parentElement.dataset.order=order++;});
    bar.addEventListener("click",e=>{
    const b=e.target.closest("button");if(!b)return;
    if(b.dataset.kind!=="filter"){if(dialog&&dialog.showModal)dialog.showModal();return;}
    const on=b.getAttribute("aria-pressed")!=="true";
    b.setAttribute("aria-pressed",String(on));
    if(on)b.parentElement.dataset.order=order++;
    reorder();filterRows();b.focus();
    b.dispatchEvent(new CustomEvent("timeline:filter",{bubbles:true,detail:{filter:b.dataset.filter,active:on}}));});}
    document.addEventListener("click",e=>{const a=e.target.closest("[data-event]");if(!a)return;
    a.dispatchEvent(new CustomEvent("timeline:select",{bubbles:true,detail:{path:a.dataset.event,type:a.dataset.eventType}}));});
    if(dialog){
    const list=dialog.querySelector(".tl-sort");
    const help=dialog.querySelector(".tl-help");
    const live=document.getElementById("tl-sort-live");
    const apply=dialog.querySelector("button[value=apply]");
    const helpText=help.textContent;
    const refresh=()=>{
    const any=!!list.querySelector("input:checked");
    help.dataset.error=String(!any);help.textContent=any?helpText:"Select at least one criterion";
    apply.disabled=!any;};
    const announce=li=>{const items=[...list.children];
    live.textContent=li.querySelector("label").textContent.trim()+", position "+(items.indexOf(li)+1)+" of "+items.length;};
    list.addEventListener("change",e=>{const li=e.target.closest("li");
    li.dataset.selected=String(e.target.checked);li.draggable=e.target.checked;refresh();});
    list.addEventListener("click",e=>{const b=e.target.closest(".tl-direction");if(!b)return;
    const d=b.dataset.direction==="ascending"?"descending":"ascending";
    b.dataset.direction=d;b.textContent=b.dataset[d];});
    list.addEventListener("keydown",e=>{const h=e.target.closest(".tl-handle");if(!h)return;
    const li=h.parentElement;if(li.dataset.selected!=="true")return;
    if(e.key==="ArrowUp"&&li.previousElementSibling){li.parentElement.insertBefore(li,li.previousElementSibling);}
    else if(e.key==="ArrowDown"&&li.nextElementSibling){li.parentElement.insertBefore(li.nextElementSibling,li);}
    else return;
    e.preventDefault();h.focus();announce(li);});
    let dragged=null;
    list.addEventListener("dragstart",e=>{dragged=e.target.closest("li");});
    list.addEventListener("dragover",e=>{if(dragged)e.preventDefault();});
    list.addEventListener("drop",e=>{e.preventDefault();const li=e.target.closest("li");
    if(dragged&&li&&li!==dragged){list.insertBefore(dragged,li);announce(dragged);}dragged=null;});
    refresh();}
    })();
    """)
}
