// The standalone page's own behaviour (after dialog.js, whose editing of the Sort & Filter
// dialog it uses, and controls.js). Everything it enhances also reads correctly without
// it; it never inserts user text as markup (only `textContent`). It draws what the core
// decided: each row says which filter tokens it passes (`data-chips`), the days it covers
// (`data-days`), its folded text (`data-search`), its tense and its rank values.
//
// Filter chips toggle (`aria-pressed`) and reorder as FFB-4/5 say; rows are filtered by
// those tokens, by a day or priority range chosen in the dialog and by the search field;
// the now indicator moves before the first current row (else the first future row, else
// after the last row); row labels are renumbered and the empty state shows when nothing is
// left; the counter chip counts the applied filters and the bar shows once something is
// applied (FFB-9, FFB-10); a chip with the down-arrow opens its key's selection view and
// applies the values chosen there (FFB-8). The Sort & Filter dialog opens from the tools,
// the sort and the counter chips, and applies filters, the ranges and the sort (SORT-6:
// rows within sections by the criteria with the date first, else the whole timeline
// ranked). The page opens at now; a selected row shows it (TL-8); card parts fire
// `timeline:select`.
(()=>{"use strict";
const bar=document.querySelector(".tl-bar");
const status=document.querySelector(".tl-matches");
const dialog=document.getElementById("tl-sort-filter");
const timeline=document.querySelector(".tl-timeline");
const rows=[...document.querySelectorAll(".tl-row")];
const nowItem=document.querySelector(".tl-now");
// "Jump to now" goes with the indicator: hidden when filtering leaves no rows (TL-6).
const jumpLink=document.querySelector(".tl-tools .tl-jump");
const format=timeline?timeline.dataset.labelFormat:"";
// The core's rule for the now indicator with every row past: after the last row, or
// before the first while sections run newest first (the date criterion descending).
let newestFirst=timeline?.dataset.newestFirst==="true";
// Whether the rows are ranked by another criterion than the date (SORT-6).
let ranked=false;
const words=document.querySelector(".tl-filter-bar")?.dataset??{};
const results=n=>n===1?(words.oneResult??"1 result"):(words.results??"%d results").replace("%d",new Intl.NumberFormat(document.documentElement.lang||undefined).format(n));
const sortChip=t=>(words.sortChip??"Sort By: %@").replace("%@",()=>t);
const fill=(f,numbers,texts)=>{let d=0,t=0;
return f.replace(/%[d@]/g,m=>String((m==="%d"?numbers[d++]:texts[t++])??""));};
// Rows the core wrote in date order carry their whole date, said and shown while ranked.
const spokenTime=r=>ranked&&r.dataset.fullStamp!==undefined?r.dataset.fullStamp.replace(/\n/g," "):r.dataset.labelTime;
const label=(i,n,r)=>fill(format,[i,n],[spokenTime(r),r.dataset.labelStatus,r.dataset.labelTitle]);
// What the core rendered: labels counted in the whole timeline (a page may hold a window
// of it), the now indicator's place and the match count; back when no filter is on and
// the rows are in the core's order.
const coreRows=[...rows];
const coreLabels=rows.map(r=>r.querySelector(".tl-cell")?.getAttribute("aria-label"));
const nowHome=nowItem?nowItem.nextElementSibling:null;
const nowParent=nowItem?nowItem.parentElement:null;
const coreCount=status?status.textContent:"";
const restoreCore=()=>{
coreRows.forEach((r,k)=>{const c=r.querySelector(".tl-cell");if(c&&coreLabels[k]!=null)c.setAttribute("aria-label",coreLabels[k]);});
document.querySelectorAll(".tl-section").forEach(s=>{s.hidden=false;});
if(nowItem){(nowHome?nowHome.parentElement:nowParent).insertBefore(nowItem,nowHome);nowItem.hidden=false;}
if(jumpLink)jumpLink.hidden=false;
if(status)status.textContent=coreCount;};
const refreshRows=()=>{
const empty=document.querySelector(".tl-no-matches");
if(empty)empty.hidden=rows.some(r=>!r.hidden);
if(!ranked&&!activeFilters().length&&!searchWords().length&&rows.every((r,k)=>!r.hidden&&r===coreRows[k]))return restoreCore();
const visible=rows.filter(r=>!r.hidden);
visible.forEach((r,i)=>{const c=r.querySelector(".tl-cell");if(c)c.setAttribute("aria-label",label(i+1,visible.length,r));});
document.querySelectorAll(".tl-section").forEach(s=>{s.hidden=!s.querySelector(".tl-row:not([hidden])");});
// A ranked order has no now indicator (SORT-6).
if(nowItem&&ranked){nowItem.hidden=true;if(jumpLink)jumpLink.hidden=true;}
else if(nowItem){
let target=visible.find(r=>r.dataset.tense==="current");
if(!target){const f=visible.filter(r=>r.dataset.tense==="future");
target=f.sort((a,b)=>a.dataset.start-b.dataset.start)[0];}
if(target)target.parentElement.insertBefore(nowItem,target);
else if(visible.length&&newestFirst)visible[0].parentElement.insertBefore(nowItem,visible[0]);
else if(visible.length){const last=visible[visible.length-1];last.parentElement.appendChild(nowItem);}
nowItem.hidden=visible.length===0;
if(jumpLink)jumpLink.hidden=nowItem.hidden;}
if(status)status.textContent=results(visible.length);};
const activeFilters=()=>bar?[...bar.querySelectorAll("button[aria-pressed=true]")].map(b=>b.dataset.filter):[];
const searchField=document.getElementById("tl-search-field");
// Folded as the core folds (case, diacritics, width); rows carry their folded text.
const fold=t=>t.normalize("NFKD").replace(/\p{M}/gu,"").toLowerCase();
const searchWords=()=>searchField?fold(searchField.value).split(/\s+/).filter(w=>w):[];
const isDay=v=>/^\d{4}-\d{2}-\d{2}$/.test(v);
// A row passes a token when the core said so; a day range the page chose compares the
// row's first and last day (the core's rule for days).
const split=t=>{const i=t.indexOf("=");return[t.slice(0,i),t.slice(i+1)];};
const passes=(row,passed,t)=>{const[k,v]=split(t);
if((k==="from"||k==="to")&&isDay(v)&&row.dataset.days){const[first,last]=row.dataset.days.split(" ");
return k==="from"?last>=v:first<=v;}
// A priority range the page chose compares the row's own priority (none never passes).
if(k==="priority"&&!passed.includes(t)){const ends=priorityEnds(v);const p=row.dataset.priority;
return !!ends&&p!==undefined&&p!==""&&+p>=ends[0]&&+p<=ends[1];}
return passed.includes(t);};
// The ends of a priority value as FilterToken reads it: `3`, `2..5`, `4..`, `..2`.
const priorityEnds=v=>{const m=/^(-?\d+)?(\.\.)?(-?\d+)?$/.exec(v);if(!m||(!m[1]&&!m[3]))return null;
if(!m[2])return m[3]?null:[+m[1],+m[1]];
const ends=[m[1]?+m[1]:-Infinity,m[3]?+m[3]:Infinity];return ends[0]>ends[1]?null:ends;};
// The dialog's priority range (its fieldset) as one value in its shortest spelling, ends
// read in order, and the chip's words in the core's formats; null while both are empty.
const priorityValue=scale=>{let[a,b]=[...scale.querySelectorAll("input")].map(i=>i.value.trim()===""?null:Math.trunc(+i.value));
if(a!==null&&b!==null&&a>b)[a,b]=[b,a];
if(a===null&&b===null)return null;
if(a!==null&&a===b)return{value:String(a),text:String(a)};
const f=scale.dataset;
return{value:(a??"")+".."+(b??""),text:a===null?fill(f.atMost,[],[b]):b===null?fill(f.atLeast,[],[a]):fill(f.between,[],[a,b])};};
// A chip as the renderer writes it, in its list item: a check mark, its text and, for one
// that opens a dialog, a down-arrow.
const makeChip=(kind,words,arrow)=>{const li=document.createElement("li");
const chip=document.createElement("button");chip.type="button";chip.className="tl-chip";chip.dataset.kind=kind;
const check=document.createElement("span");check.className="tl-check";check.setAttribute("aria-hidden","true");check.textContent="✓";
const text=document.createElement("span");text.dir="auto";text.textContent=words;chip.append(check,text);
if(arrow){const a=document.createElement("span");a.setAttribute("aria-hidden","true");a.textContent="▾";chip.append(a);}
li.append(chip);return chip;};
// The sort's or the counter chip, which opens the dialog, in front of the bar.
const dialogChip=kind=>{const chip=makeChip(kind,"",true);chip.dataset.selected="true";
chip.setAttribute("aria-haspopup","dialog");chip.setAttribute("aria-controls","tl-sort-filter");
bar.prepend(chip.parentElement);return chip;};
// FFB-9: the counter chip stands in front once a filter is applied, and goes with the last.
const refreshBar=()=>{if(!bar)return;const nav=bar.parentElement;
let counter=bar.querySelector("button[data-kind=counter]");const n=activeFilters().length;
if(counter&&!n){counter.parentElement.remove();counter=null;}
if(!counter&&n&&nav.dataset.counterChip==="true")counter=dialogChip("counter");
if(counter){counter.querySelector("span[dir]").textContent=String(n);counter.dataset.selected=String(n>0);
counter.setAttribute("aria-label",fill(words.counter??"%d",[n],[]));}
nav.hidden=!bar.querySelector("li")&&!searchWords().length;};
// The tokens a row passes, as the core wrote them, read once (filtering runs per keystroke).
const passedTokens=new Map();
const passedBy=row=>{let p=passedTokens.get(row);if(!p){p=JSON.parse(row.dataset.chips);passedTokens.set(row,p);}return p;};
const filterRows=()=>{
const groups={};
for(const t of activeFilters()){const k=split(t)[0];(groups[k]=groups[k]||[]).push(t);}
const keys=Object.keys(groups);const found=searchWords();
for(const row of rows){if(row.dataset.chips===undefined)continue;
const passed=passedBy(row);const text=row.dataset.search||"";
row.hidden=!keys.every(k=>groups[k].some(t=>passes(row,passed,t)))||!found.every(w=>text.includes(w));}
refreshBar();refreshRows();};
let order=0;
const reorderChips=()=>{
const items=[...bar.querySelectorAll("li")];
const fixed=items.filter(li=>li.firstChild.dataset.kind!=="filter");
const on=items.filter(li=>li.firstChild.getAttribute("aria-pressed")==="true").sort((a,b)=>(+a.dataset.order||0)-(+b.dataset.order||0));
const off=items.filter(li=>li.firstChild.getAttribute("aria-pressed")==="false").sort((a,b)=>a.dataset.index-b.dataset.index);
for(const li of [...fixed,...on,...off])bar.appendChild(li);};
if(bar){
[...bar.querySelectorAll("li")].forEach((li,i)=>{li.dataset.index=i;
if(li.firstChild.getAttribute("aria-pressed")==="true")li.dataset.order=order++;});
bar.addEventListener("click",e=>{
const b=e.target.closest("button");if(!b)return;
if(b.dataset.kind!=="filter"){openDialog();return;}
if(b.dataset.select){openSelection(b);return;}
const on=b.getAttribute("aria-pressed")!=="true";
if(!on&&b.dataset.fast==="false"){b.parentElement.remove();}
else{b.setAttribute("aria-pressed",String(on));if(on)b.parentElement.dataset.order=order++;}
reorderChips();filterRows();if(b.isConnected)b.focus();
b.dispatchEvent(new CustomEvent("timeline:filter",{bubbles:true,detail:{filter:b.dataset.filter,active:on}}));});}
// Chips for the chosen filters (`{value,text}`) among those `affects` admits: chosen ones
// are applied (a new one right of the applied ones, FFB-4), others turned off, and those
// not fast filters removed (FFB-6).
const setChips=(chosen,affects)=>{
for(const b of bar.querySelectorAll("button[data-kind=filter]")){if(!affects(b.dataset.filter))continue;
const on=chosen.some(i=>i.value===b.dataset.filter);
if(!on&&b.dataset.fast==="false"){b.parentElement.remove();continue;}
if(on&&b.getAttribute("aria-pressed")!=="true")b.parentElement.dataset.order=order++;
b.setAttribute("aria-pressed",String(on));}
for(const i of chosen){if(chipOf(i.value))continue;
const b=makeChip("filter",i.text,false);b.dataset.filter=i.value;b.dataset.fast="false";b.setAttribute("aria-pressed","true");
b.parentElement.dataset.order=order++;bar.appendChild(b.parentElement);}};
const chipOf=v=>bar.querySelector("button[data-filter=\""+CSS.escape(v)+"\"]");
const chosenIn=root=>[...root.querySelectorAll("input[name=filter]:checked")].map(i=>({value:i.value,
text:i.parentElement.querySelector(".tl-option-label").textContent.trim()}));
// FFB-8: a chip with the down-arrow opens its key's selection view; Apply puts the chosen
// values where the key's first applied filter stood (FilterFeedbackBar.selecting).
const openSelection=b=>{const d=document.getElementById("tl-select-"+b.dataset.select);if(!d||!d.showModal)return;
const key=b.dataset.select;const active=activeFilters();
const boxes=[...d.querySelectorAll("input[name=filter]")];boxes.forEach(i=>{i.checked=active.includes(i.value);});
const ok=d.querySelector("button[value=apply]");const at=boxes.map(i=>i.checked).join();
const sync=()=>{ok.disabled=boxes.map(i=>i.checked).join()===at;};
d.oninput=sync;sync();d.returnValue="";
d.onclose=()=>{if(d.returnValue!=="apply")return;
const ofKey=t=>split(t)[0]===key;
const was=[...bar.querySelectorAll("button[aria-pressed=true][data-filter]")].filter(c=>ofKey(c.dataset.filter));
const base=was.length?Math.min(...was.map(c=>+c.parentElement.dataset.order)):order++;
const chosen=chosenIn(d);setChips(chosen,ofKey);
chosen.forEach((i,k)=>{chipOf(i.value).parentElement.dataset.order=base+(k+1)/(chosen.length+1);});
reorderChips();filterRows();
for(const i of chosen)chipOf(i.value).dispatchEvent(new CustomEvent("timeline:filter",{bubbles:true,detail:{filter:i.value,active:true}}));};
d.showModal();};
document.addEventListener("click",e=>{const a=e.target.closest("[data-event]");if(!a)return;
a.dispatchEvent(new CustomEvent("timeline:select",{bubbles:true,detail:{path:a.dataset.event,type:a.dataset.eventType}}));});
const openDialog=()=>{if(!dialog||!dialog.showModal)return;
// The dialog opens on the filters as the chips have them now, toggled in the page or not.
const active=activeFilters();dialog.querySelectorAll("input[name=filter]").forEach(i=>{i.checked=active.includes(i.value);});
for(const d of dialog.querySelectorAll(".tl-date-range input")){
const day=active.map(split).find(([k,v])=>k===d.name&&isDay(v));d.value=day?day[1]:"";}
// One priority filter shows in the range's fields (unless the dialog ticks it in a group).
const priorities=active.filter(t=>split(t)[0]==="priority"&&!dialog.querySelector("input[name=filter][value=\""+CSS.escape(t)+"\"]"));
const ends=priorities.length===1?priorityEnds(split(priorities[0])[1]):null;
dialog.querySelectorAll(".tl-priority-range input").forEach((d,k)=>{const e=ends?.[k];d.value=Number.isFinite(e)?String(e):"";});
sort.snapshot();dialog.showModal();sort.opened();};
// The dialog's editing is the shared module's (dialog.js); applying is this page's.
const sort=dialog?timelineSortDialog(dialog):null;
// The search field needs rows that carry their text (a page too large to filter has none).
document.querySelectorAll(".tl-tools [hidden]").forEach(e=>{
e.hidden=e.classList.contains("tl-search")&&!!rows.length&&rows[0].dataset.search===undefined;});
document.querySelector(".tl-open-dialog")?.addEventListener("click",openDialog);
searchField?.form?.addEventListener("submit",e=>e.preventDefault());
searchField?.addEventListener("input",filterRows);
// TL-8: the row followed shows as selected, here and when the page opens on it.
const select=cell=>{document.querySelectorAll(".tl-cell[aria-current=true]").forEach(c=>c.removeAttribute("aria-current"));
if(cell)cell.setAttribute("aria-current","true");};
document.addEventListener("click",e=>{const c=e.target.closest("a.tl-cell");if(c)select(c);});
const target=location.hash?document.getElementById(decodeURIComponent(location.hash.slice(1))):null;
if(target&&target.classList.contains("tl-row"))select(target.querySelector("a.tl-cell"));
if(dialog){
const list=dialog.querySelector(".tl-sort");
dialog.addEventListener("close",()=>{
if(dialog.returnValue==="apply"){applyDialog();}else{sort.restore();}
dialog.returnValue="";});
const applyDialog=()=>{
const range=dialog.querySelector(".tl-date-range");
const chosen=chosenIn(dialog);
const scale=dialog.querySelector(".tl-priority-range");
if(scale){const p=priorityValue(scale);
if(p&&!chosen.some(i=>i.value==="priority="+p.value))chosen.push({value:"priority="+p.value,text:fill(scale.dataset.format,[],[p.text])});}
// A day chosen here is named as the core names it (the month abbreviated, in the page's
// language); the day is the calendar day chosen, whatever the zone.
const day=new Intl.DateTimeFormat(document.documentElement.lang||undefined,{year:"numeric",month:"short",day:"numeric",timeZone:"UTC"});
for(const d of dialog.querySelectorAll(".tl-date-range input"))if(d.value)chosen.push({value:d.name+"="+d.value,
text:fill(range.dataset[d.name+"Format"],[],[day.format(new Date(d.value+"T00:00:00Z"))])});
if(bar){setChips(chosen,()=>true);
const criteria=[...list.children].filter(li=>li.querySelector("input").checked)
.map(li=>({field:li.dataset.field,desc:li.querySelector(".tl-direction").dataset.direction==="descending",
title:li.querySelector("label").textContent.trim(),direction:li.querySelector(".tl-direction").textContent.trim()}));
let chip=bar.querySelector("button[data-kind=sort]");
const isDefault=criteria.length===1&&criteria[0].field==="date"&&!criteria[0].desc;
if(isDefault){if(chip)chip.parentElement.remove();}
else{chip??=dialogChip("sort");
// SORT-7: the first criterion, with its direction when it is not the default.
const text=sortChip(criteria[0].desc?fill(words.criterionDirection??"%@, %@",[],[criteria[0].title,criteria[0].direction]):criteria[0].title);
chip.querySelector("span[dir]").textContent=text;chip.setAttribute("aria-label",text);}
const counter=bar.querySelector("button[data-kind=counter]");if(counter)bar.prepend(counter.parentElement);
reorderChips();sortRows(criteria);}
filterRows();};
const rank=Object.fromEntries((timeline?.dataset.statusOrder??"").split(" ").map((n,i)=>[n,i]));
const compare=(c,a,b)=>{const s=c.desc?-1:1;
switch(c.field){
case "date":return s*(a.dataset.start-b.dataset.start);
case "title":return s*a.dataset.title.localeCompare(b.dataset.title,undefined,{sensitivity:"base"});
case "status":return s*(rank[a.dataset.node]-rank[b.dataset.node]);
case "kind":return s*(a.dataset.kind<b.dataset.kind?-1:a.dataset.kind>b.dataset.kind?1:0);
case "priority":{const x=a.dataset.priority,y=b.dataset.priority;
if(x===undefined&&y===undefined)return 0;if(x===undefined)return 1;if(y===undefined)return -1;return s*(x-y);}}
return 0;};
// SORT-6: with the date first, sections are units of time and the criteria order the
// rows within them; with another criterion first, the whole timeline is ranked (start
// markers first, end markers last) in sections of the first criterion's values, named
// with the core's words. The page's own sections serve date order when the core wrote
// it in date order; otherwise sections are made here (a ranked page's rows carry the
// name of their unit of time in `data-period`).
const groupNames=JSON.parse(timeline?.dataset.groupNames??"{}");
const pageRanked=timeline?.dataset.ranked==="true";
ranked=pageRanked;
const dateSections=[...document.querySelectorAll(".tl-section")];
const homes=new Map(rows.map(r=>[r,r.parentElement]));
const spot=document.createComment("");dateSections[0]?.before(spot);
let grouped=[],madeHere=false;
const rankOf=r=>r.dataset.kind==="start"?0:r.dataset.kind==="end"?2:1;
const groupOf=(r,field)=>{if(field==="date")return r.dataset.period??"";
if(rankOf(r)!==1)return groupNames["kind:"+r.dataset.kind];
switch(field){case "status":return groupNames[r.dataset.node];
case "kind":return groupNames["kind:"+r.dataset.kind];
case "priority":return r.dataset.priority===undefined?groupNames.none:fill(groupNames.priority??"%d",[r.dataset.priority],[]);
default:return fold([...(r.dataset.title??"")][0]??"").toLocaleUpperCase();}};
const chronological=(a,b)=>(a.dataset.start-b.dataset.start)||(a.dataset.index-b.dataset.index);
const byCriteria=criteria=>(a,b)=>{for(const c of criteria){const r=compare(c,a,b);if(r)return r;}return chronological(a,b);};
// With the date first, the other criteria order each section's rows and the date its ties.
const withinSections=criteria=>criteria[0].field==="date"?[...criteria.slice(1),criteria[0]]:criteria;
// Start markers lead a section and end markers close it, in the date's direction.
const markers=(a,b)=>(newestFirst?-1:1)*(rankOf(a)-rankOf(b));
const stamps=new Map(rows.map(r=>[r,r.querySelector(".tl-stamp time")?.cloneNode(true)]));
const showStamps=()=>{if(timeline)timeline.dataset.ranked=String(ranked);
for(const r of rows){const time=r.querySelector(".tl-stamp time");if(!time||r.dataset.fullStamp===undefined)continue;
if(!ranked){time.replaceChildren(...stamps.get(r).cloneNode(true).childNodes);continue;}
const lines=r.dataset.fullStamp.split("\n");time.replaceChildren();
lines.forEach((l,k)=>{if(k)time.append(document.createElement("br"));time.append(l);});}};
const sortRows=criteria=>{
for(const s of grouped)s.remove();grouped=[];
const order=byCriteria(withinSections(criteria));
const first=criteria[0].field;
ranked=first!=="date";
if(!pageRanked)showStamps();
newestFirst=first==="date"&&criteria[0].desc;
if(!pageRanked&&!ranked){
if(madeHere){for(const r of rows)homes.get(r).appendChild(r);for(const s of dateSections)spot.before(s);madeHere=false;}
const sections=[...dateSections];
sections.sort((a,b)=>a.querySelector(".tl-row").dataset.start-b.querySelector(".tl-row").dataset.start);
if(newestFirst)sections.reverse();
for(const section of sections){spot.before(section);
const ol=section.querySelector("ol");const items=[...ol.querySelectorAll(".tl-row")];
items.sort((a,b)=>markers(a,b)||order(a,b));
for(const li of items)ol.appendChild(li);}
}else{
for(const s of dateSections)s.remove();madeHere=true;
// With the date first, rows are sorted by their unit of time (as the core named it), then
// within it.
const period=(a,b)=>ranked?rankOf(a)-rankOf(b):(newestFirst?-1:1)*(a.dataset.periodStart-b.dataset.periodStart)||markers(a,b);
let name=null,list=null;
[...rows].sort((a,b)=>period(a,b)||order(a,b)).forEach((r,i)=>{const g=groupOf(r,first);
if(list===null||g!==name){name=g;
const section=document.createElement("section");section.className="tl-section";
const h=document.createElement("h2");h.className="tl-header";h.id="tl-made-"+grouped.length;h.textContent=g;
section.setAttribute("aria-labelledby",h.id);
list=document.createElement("ol");list.className="tl-rows";list.setAttribute("start",String(i+1));
section.append(h,list);spot.before(section);grouped.push(section);}
list.appendChild(r);});}
rows.sort((a,b)=>a.compareDocumentPosition(b)&Node.DOCUMENT_POSITION_FOLLOWING?-1:1);};}
if(activeFilters().length||searchWords().length)filterRows();else refreshBar();
// The page opens at now (TL-6), unless it was opened on a row.
if(!target&&nowItem&&!nowItem.hidden)nowItem.scrollIntoView({block:"center"});
})();
