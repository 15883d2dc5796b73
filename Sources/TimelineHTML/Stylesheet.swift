import _TimelineMarkup

/// The stylesheet of the components: layout with logical properties (so `dir="rtl"`
/// mirrors it), sticky headers, line clamps, adaptive layout by container width, and
/// forced-colors support. Colors come from the theme's custom properties.
enum Stylesheet {
  /// The rules, followed by the theme's palettes.
  static func css(theme: TimelineTheme) -> [Markup] {
    [
      .trusted(TrustedText(".tl-root,.tl-page{")), .trusted(theme.light.declarations),
      .trusted(TrustedText("}")),
      .trusted(TrustedText("@media (prefers-color-scheme: dark){.tl-root,.tl-page{")),
      .trusted(theme.dark.declarations), .trusted(TrustedText("}}")),
      .trusted(rules),
    ]
  }

  static let rules = TrustedText(
    """
    .tl-root{container-type:inline-size;color:var(--tl-text);background:var(--tl-background);\
    font:16px/1.4 "Noto Sans","DejaVu Sans",system-ui,sans-serif;max-width:960px;margin-inline:auto;\
    padding:0 12px 24px}
    .tl-page{margin:0;background:var(--tl-background);color:var(--tl-text)}
    .tl-root *{box-sizing:border-box}
    .tl-root h1{font-size:1.375rem;margin:16px 0 8px}
    .tl-window-note code{font:inherit;white-space:nowrap}
    .tl-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
    .tl-section{margin:0}
    .tl-header{position:sticky;top:0;z-index:2;margin:0;padding:8px 4px;font-size:.9375rem;font-weight:700;\
    background:var(--tl-background);border-block-end:1px solid var(--tl-border)}
    .tl-rows{list-style:none;margin:0;padding:0}
    .tl-row{margin:0}
    .tl-cell{display:grid;grid-template-columns:5.5rem 28px minmax(0,1fr);column-gap:8px;\
    color:inherit;text-decoration:none;min-height:56px}
    a.tl-cell:focus-visible{outline:3px solid var(--tl-accent);outline-offset:-3px;border-radius:8px}
    .tl-timeline[data-ranked=true] .tl-cell{grid-template-columns:7rem 28px minmax(0,1fr)}
    .tl-stamp{grid-column:1;text-align:end;padding-block:12px;font-size:.875rem;color:var(--tl-secondary);\
    font-variant-numeric:tabular-nums}
    .tl-stamp time{display:inline-block;padding:2px 6px;border:2px solid transparent;border-radius:14px}
    .tl-stamp .tl-today{border-color:var(--tl-accent);color:var(--tl-text);font-weight:700;overflow-wrap:normal}
    .tl-event-icon{display:block;width:20px;height:20px;margin-inline-start:auto;margin-block-start:4px;fill:none;\
    stroke:currentColor;stroke-width:1.75;stroke-linecap:round;stroke-linejoin:round}
    .tl-card-item .tl-event-icon{float:inline-end;margin:0}
    .tl-axis{grid-column:2;display:flex;flex-direction:column;align-items:center}
    .tl-seg{flex:0 0 14px;width:0;border-inline-start:2px solid transparent}
    .tl-seg-trail{flex:1 1 auto}
    .tl-seg[data-tone=accent]{border-inline-start-color:var(--tl-accent)}
    .tl-seg[data-tone=neutral]{border-inline-start-color:var(--tl-neutral);border-inline-start-style:dashed}
    .tl-node{flex:none;width:20px;height:20px;overflow:visible}
    .tl-node .tl-shape{stroke-width:2;fill:var(--tl-surface)}
    .tl-node .tl-icon{fill:none;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
    .tl-node[data-tone=accent] .tl-shape{stroke:var(--tl-accent)}
    .tl-node[data-tone=neutral] .tl-shape{stroke:var(--tl-neutral)}
    .tl-node[data-tone=accent] .tl-icon{stroke:var(--tl-accent)}
    .tl-node[data-tone=neutral] .tl-icon{stroke:var(--tl-neutral)}
    .tl-node[data-filled=true][data-tone=accent] .tl-shape{fill:var(--tl-accent)}
    .tl-node[data-filled=true][data-tone=neutral] .tl-shape{fill:var(--tl-neutral)}
    .tl-node[data-filled=true] .tl-icon{stroke:var(--tl-surface)}
    .tl-card{grid-column:3;margin-block:6px;padding:10px 12px;border-radius:10px;background:var(--tl-surface);\
    border:1px solid var(--tl-border);display:grid;grid-template-columns:minmax(0,1fr) auto;column-gap:12px;\
    min-width:0}
    .tl-marker .tl-card{background:none;border:0;padding-inline:0}
    .tl-cell[data-highlighted=true] .tl-card{background:var(--tl-highlight);border-inline-start:4px solid var(--tl-accent);    padding-inline-start:9px}
    .tl-cell[aria-current=true] .tl-card{background:var(--tl-selected);outline:2px solid var(--tl-text)}
    a.tl-cell:hover .tl-card{border-color:var(--tl-accent)}
    .tl-main{min-width:0}
    .tl-title{margin:0;font-weight:700;font-size:1rem;overflow-wrap:anywhere;display:-webkit-box;\
    -webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden}
    .tl-subtitle,.tl-supporting{margin:2px 0 0;font-size:.875rem;color:var(--tl-secondary);\
    white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
    .tl-description{margin:4px 0 0;font-size:.875rem;overflow-wrap:anywhere;display:-webkit-box;\
    -webkit-box-orient:vertical;-webkit-line-clamp:3;overflow:hidden}
    .tl-attributes{grid-column:1/-1;display:flex;justify-content:space-between;gap:12px;margin:6px 0 0;\
    font-size:.8125rem;color:var(--tl-secondary)}
    .tl-attributes span{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-width:0}
    .tl-statuses{margin:0;padding:0;list-style:none;text-align:end;font-size:.8125rem;max-width:10rem}
    .tl-statuses li{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
    .tl-statuses li:first-child{font-weight:700}
    .tl-status-icon{display:inline-block;width:16px;height:16px;vertical-align:-3px;margin-inline-end:4px;\
    fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
    .tl-now{display:grid;grid-template-columns:5.5rem 28px minmax(0,1fr);column-gap:8px;align-items:center;\
    color:var(--tl-accent);font-weight:700;font-size:.8125rem}
    .tl-now span{text-align:end}
    .tl-now::after{content:"";grid-column:2/4;border-block-start:2px solid var(--tl-accent)}
    .tl-empty{padding:32px 0;text-align:center;color:var(--tl-secondary)}
    .tl-preview{border:1px solid var(--tl-border);border-radius:12px;background:var(--tl-surface);padding:12px}
    .tl-preview-head{display:flex;justify-content:space-between;align-items:baseline;gap:12px}
    .tl-preview-head h2{margin:0;font-size:1.0625rem}
    .tl-preview-head a,.tl-preview-link{color:var(--tl-accent)}
    .tl-preview-link{display:block;text-decoration:none;color:inherit;border-radius:8px}
    .tl-preview-link:focus-visible{outline:3px solid var(--tl-accent)}
    .tl-strip{display:grid;grid-auto-flow:column;grid-auto-columns:minmax(0,1fr);list-style:none;margin:12px 0 0;padding:0}
    .tl-strip li{min-width:0;padding-inline-end:8px}
    .tl-strip-compact{display:none}
    .tl-strip .tl-axis-h{display:flex;align-items:center;margin-block:6px}
    .tl-summary{margin:8px 0 16px;color:var(--tl-secondary)}
    .tl-cards-strip{gap:8px}
    .tl-cards-strip li{padding:8px;border:1px solid var(--tl-border);border-radius:8px}
    .tl-axis-h .tl-seg-h{flex:1;border-block-start:2px solid transparent}
    .tl-seg-h[data-tone=accent]{border-block-start-color:var(--tl-accent)}
    .tl-seg-h[data-tone=neutral]{border-block-start-color:var(--tl-neutral);border-block-start-style:dashed}
    .tl-strip time{font-size:.8125rem;color:var(--tl-secondary)}
    .tl-strip .tl-today{color:var(--tl-text);font-weight:700;border:2px solid var(--tl-accent);border-radius:999px;padding:0 6px}
    .tl-strip p{margin:0;font-size:.875rem;overflow-wrap:anywhere;display:-webkit-box;-webkit-box-orient:vertical;\
    -webkit-line-clamp:2;overflow:hidden}
    .tl-list{list-style:none;margin:0;padding:0}
    .tl-list li,.tl-list-link{display:grid;grid-template-columns:3rem 16px minmax(0,1fr);column-gap:10px;min-height:44px;\
    align-items:stretch}
    .tl-list li > .tl-list-link{grid-column:1/-1}
    .tl-list-link{color:inherit;text-decoration:none;border-radius:8px}
    .tl-list-link:hover .tl-message{text-decoration:underline}
    .tl-list li:target > .tl-list-link{background:var(--tl-selected)}
    .tl-list-link:focus-visible{outline:3px solid var(--tl-accent);outline-offset:2px}
    .tl-list .tl-day{text-align:center;font-size:.875rem;white-space:pre-line;padding-block:4px;font-weight:700}
    .tl-list .tl-rail{position:relative}
    .tl-list .tl-rail::before,.tl-list .tl-rail::after{content:"";position:absolute;inset-inline-start:7px;\
    border-inline-start:2px solid var(--tl-accent)}
    .tl-list .tl-rail[data-upper=true]::before{top:0;height:50%}
    .tl-list .tl-rail[data-lower=true]::after{top:50%;bottom:0}
    .tl-list .tl-dot{position:absolute;inset-inline-start:3px;top:calc(50% - 5px);width:10px;height:10px;\
    border-radius:50%;background:var(--tl-accent);z-index:1}
    .tl-list .tl-message{align-self:center;overflow-wrap:anywhere;text-align:left}
    [dir=rtl] .tl-list .tl-message{text-align:right}
    .tl-bar{display:flex;gap:8px;overflow-x:auto;padding:8px 2px;margin:0;list-style:none;scrollbar-width:thin}
    .tl-bar li{flex:none}
    .tl-bar form{display:contents}
    .tl-chip{display:inline-flex;align-items:center;gap:4px;min-height:36px;padding:4px 12px;border-radius:18px;\
    border:1px solid var(--tl-border);background:var(--tl-surface);color:var(--tl-text);font:inherit;\
    font-size:.875rem;cursor:pointer}
    .tl-chip[aria-pressed=true],.tl-chip[data-selected=true]{background:var(--tl-highlight);border-color:var(--tl-accent);font-weight:700}
    .tl-chip:focus-visible{outline:3px solid var(--tl-accent);outline-offset:2px}
    .tl-chip .tl-check{display:none}
    .tl-chip[aria-pressed=true] .tl-check,.tl-chip[data-selected=true] .tl-check{display:inline}
    .tl-matches{margin:0 0 8px;font-size:.875rem;color:var(--tl-secondary)}
    .tl-dialog{border:1px solid var(--tl-border);border-radius:12px;background:var(--tl-surface);color:var(--tl-text);\
    max-width:min(32rem,100vw - 24px);width:100%;padding:16px 16px 0;\
    scroll-padding-block-end:calc(var(--tl-actions-height,64px) + 8px)}
    .tl-dialog::backdrop{background:rgb(0 0 0 / 40%)}
    .tl-dialog[data-open=page]{position:fixed;top:50%;left:50%;transform:translate(-50%,-50%);margin:0;max-height:90vh;\
    overflow-y:auto;z-index:20;box-shadow:0 0 0 100vmax rgb(0 0 0 / 40%)}
    @media (max-width: 599px){.tl-dialog[data-open=page]{top:auto;bottom:0;left:0;transform:none}
    .tl-dialog{margin:auto 0 0;max-width:100%;border-radius:16px 16px 0 0;\
    max-height:85vh;overflow-y:auto}}
    .tl-dialog fieldset{border:0;margin:0 0 12px;padding:0}
    .tl-dialog legend{font-weight:700;margin-block-end:4px}
    .tl-sort{list-style:none;margin:0;padding:0}
    .tl-sort li{display:flex;align-items:center;gap:8px;min-height:44px;border-block-end:1px solid var(--tl-border)}
    .tl-sort label{flex:1}
    .tl-sort button,.tl-dialog-actions button{font:inherit;min-height:36px;padding:4px 10px;border-radius:8px;\
    border:1px solid var(--tl-border);background:var(--tl-surface);color:var(--tl-accent)}
    .tl-sort .tl-handle{cursor:grab;color:var(--tl-text)}
    .tl-sort li[data-selected=false] .tl-handle,.tl-sort li[data-selected=false] .tl-direction{visibility:hidden}
    .tl-help{font-size:.8125rem;color:var(--tl-secondary);margin:4px 0 0}
    .tl-help[data-error=true]{color:#b00020;font-weight:700}
    .tl-dialog-actions{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:8px;\
    margin-block-start:12px}
    .tl-dialog-actions button:disabled{color:var(--tl-secondary);border-style:dashed;cursor:not-allowed}
    .tl-tools{display:flex;flex-wrap:wrap;align-items:center;gap:8px;margin-block-end:4px}
    .tl-search{flex:1 1 12rem;margin:0}
    .tl-search input{box-sizing:border-box;width:100%;min-height:40px;padding:6px 12px;font:inherit;\
    border:1px solid var(--tl-border);border-radius:20px;background:var(--tl-surface);color:var(--tl-text)}
    .tl-search input:focus-visible{outline:3px solid var(--tl-accent);outline-offset:1px}
    .tl-button{display:inline-flex;align-items:center;min-height:40px;padding:4px 14px;border-radius:20px;\
    border:1px solid var(--tl-border);background:var(--tl-surface);color:var(--tl-accent);font:inherit;\
    font-size:.875rem;font-weight:700;text-decoration:none;cursor:pointer}
    .tl-button:focus-visible{outline:3px solid var(--tl-accent);outline-offset:2px}
    .tl-tools [hidden]{display:none}
    .tl-range{display:flex;flex-wrap:wrap;gap:12px}
    .tl-range legend{flex-basis:100%}
    .tl-range label{display:flex;flex-direction:column;gap:2px;font-size:.875rem}
    .tl-range input{font:inherit;min-height:36px;padding:2px 6px;border:1px solid var(--tl-border);\
    border-radius:8px;background:var(--tl-surface);color:var(--tl-text)}
    .tl-range input:focus,.tl-range input:focus-within{outline:3px solid var(--tl-accent);\
    outline-offset:1px}
    .tl-sort .tl-handle{touch-action:none}
    .tl-controls.tl-stuck{position:sticky;top:0;z-index:4;background:var(--tl-background);\
    border-block-end:1px solid var(--tl-border)}
    .tl-controls.tl-stuck~* .tl-header{top:var(--tl-controls-height,0)}
    .tl-controls.tl-stuck~* .tl-row,.tl-controls.tl-stuck~* .tl-now{\
    scroll-margin-top:calc(var(--tl-controls-height,0px) + 4rem)}
    .tl-dialog-actions{position:sticky;bottom:0;background:var(--tl-surface);padding-block:8px 24px}
    .tl-dialog fieldset>label:not(.tl-end){display:flex;align-items:center;gap:8px;min-height:44px}
    .tl-dialog fieldset>label br{display:none}
    .tl-dialog input[type=checkbox]{width:1.25rem;height:1.25rem;margin:0}
    .tl-sort label{display:flex;align-items:center;gap:8px}
    .tl-sort .tl-move{min-width:40px;padding-inline:6px}
    .tl-sort .tl-handle[hidden]{display:none}
    .tl-sort .tl-move:disabled{color:var(--tl-secondary);border-style:dashed;cursor:not-allowed}
    .tl-sort li[data-dragging=true]{background:var(--tl-highlight);outline:2px solid var(--tl-accent)}
    .tl-row:target .tl-card{background:var(--tl-selected)}
    .tl-now{scroll-margin-block:40vh}
    .tl-feed{display:flex;flex-direction:column;gap:var(--tl-feed-gap,20px);    padding-block:var(--tl-feed-top,20px) var(--tl-feed-bottom,20px)}
    .tl-feed:not([data-layout=horizontal]){max-width:40rem}
    .tl-feed[data-layout=horizontal]{flex-direction:row;overflow-x:auto;scroll-snap-type:x mandatory;padding-inline:4px}
    .tl-feed[data-layout=horizontal] .tl-feed-card{flex:0 0 min(92%,30rem);scroll-snap-align:start}
    .tl-feed-header h2{margin:0;font-size:1.125rem}
    .tl-feed-subtitle{margin:0 0 6px;color:var(--tl-secondary);font-size:.875rem}
    .tl-card-box{background:var(--tl-card-bg,var(--tl-surface));border:var(--tl-card-border-width,1px) solid var(--tl-card-border,var(--tl-border));    border-radius:var(--tl-card-radius,12px);padding:var(--tl-card-margin,16px)}
    .tl-card-head,.tl-card-foot{display:flex;flex-direction:column;color:inherit;text-decoration:none;padding-block:4px}
    .tl-card-chrome-title{font-weight:700}
    .tl-card-path,.tl-card-children{list-style:none;margin:0;padding:0}
    .tl-card-element{position:relative;padding-block-end:12px}
    .tl-card-element:not(:last-child)::before{content:"";position:absolute;inset-inline-start:calc(var(--tl-card-shape,16px)/2 - var(--tl-card-path,2px)/2);    top:calc(var(--tl-card-shape,16px)/2 + 4px);bottom:0;border-inline-start:var(--tl-card-path,2px) solid var(--tl-card-line,var(--tl-accent))}
    .tl-card-children{margin-inline-start:calc(var(--tl-card-shape,16px) + 12px);--tl-card-shape:10px}
    .tl-card-item{display:grid;grid-template-columns:var(--tl-card-shape,16px) minmax(0,1fr);column-gap:12px;color:inherit;text-decoration:none;    padding-block:4px;border-radius:8px;scroll-margin-block:12px}
    .tl-card-item>span:not(.tl-milestone){grid-column:2}
    .tl-card-item:focus-visible,.tl-card-head:focus-visible,.tl-card-foot:focus-visible{outline:3px solid var(--tl-accent);outline-offset:2px}
    .tl-card-item[aria-current=true]{background:var(--tl-selected);outline:2px solid var(--tl-text);outline-offset:2px}
    .tl-milestone{position:relative;z-index:1;grid-row:1/span 4;width:var(--tl-card-shape,16px);height:var(--tl-card-shape,16px);margin-top:2px;    background:var(--tl-card-line,var(--tl-accent));border-radius:50%}
    .tl-card-box[data-shape=square] .tl-milestone{border-radius:2px}
    .tl-card-box[data-shape=diamond] .tl-milestone{border-radius:0;transform:rotate(45deg) scale(.8)}
    li[data-status=open]>.tl-card-item .tl-milestone{background:var(--tl-card-bg,var(--tl-surface));    border:2px solid var(--tl-card-line,var(--tl-accent))}
    li[data-status=inProgress]>.tl-card-item .tl-milestone{background:var(--tl-card-bg,var(--tl-surface));\
    border:2px dotted var(--tl-card-line,var(--tl-accent))}
    .tl-card-title{font-weight:700;overflow-wrap:anywhere}
    .tl-card-subtitle,.tl-card-caption{color:var(--tl-secondary);font-size:.875rem}
    .tl-card-content{overflow-wrap:anywhere}
    .tl-card-box[data-layout=horizontal] .tl-card-path,.tl-feed[data-layout=horizontal] .tl-card-path{display:flex;gap:16px;overflow-x:auto}
    .tl-feed[data-layout=horizontal] .tl-card-element{flex:0 0 9rem}
    .tl-feed[data-layout=horizontal] .tl-card-element::before{display:none}
    .tl-feed[data-layout=horizontal] .tl-card-element>.tl-card-item{grid-template-columns:minmax(0,1fr)}
    .tl-feed[data-layout=horizontal] .tl-card-element>.tl-card-item>span:not(.tl-milestone){grid-column:1}
    .tl-feed[data-layout=horizontal] .tl-card-element>.tl-card-item>.tl-milestone{grid-row:auto;margin-block-end:8px}
    .tl-feed[data-layout=horizontal] .tl-card-element:not(:last-child)::after{content:"";position:absolute;    top:calc(6px + var(--tl-card-shape,16px)/2);inset-inline-start:calc(var(--tl-card-shape,16px) + 4px);inset-inline-end:-14px;    border-block-start:var(--tl-card-path,2px) solid var(--tl-card-line,var(--tl-accent))}
    .tl-feed[data-layout=horizontal] .tl-card-children{margin-inline-start:0}
    @container (max-width: 599px){
    .tl-cell,.tl-now{grid-template-columns:5rem 24px minmax(0,1fr);column-gap:6px}
    .tl-stamp{font-size:.8125rem;overflow-wrap:anywhere}
    .tl-stamp time{padding-inline:3px}
    .tl-strip-regular{display:none}
    .tl-strip-compact{display:grid}
    .tl-statuses{max-width:6rem}
    }
    @media (prefers-color-scheme: dark){.tl-help[data-error=true]{color:#ff8a80}}
    @media (forced-colors: active){
    .tl-seg[data-tone]{border-inline-start-color:CanvasText}
    .tl-node .tl-shape{stroke:CanvasText;fill:Canvas}
    .tl-node[data-filled=true] .tl-shape{fill:Highlight}
    .tl-node .tl-icon{stroke:CanvasText}
    .tl-card{border:1px solid CanvasText}
    .tl-cell[data-highlighted=true] .tl-card{border-inline-start:4px solid Highlight}
    .tl-stamp .tl-today{border-color:Highlight}
    .tl-now::after{border-block-start-color:Highlight}
    .tl-chip[aria-pressed=true]{border:3px solid Highlight}
    }
    @media (prefers-reduced-motion: no-preference){.tl-chip{transition:background-color .15s}}
    """)
}
