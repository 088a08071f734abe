//! A game's history as one self-contained HTML page: every phase's SVG inline, shown one at a
//! time with previous/next buttons (and the arrow keys).

use crate::svg::esc;
use std::fmt::Write;

/// One picture of the history: its caption and its SVG document.
pub struct Frame {
    pub caption: String,
    pub svg: String,
}

pub fn history_html(title: &str, frames: &[Frame]) -> String {
    let mut s =
        String::with_capacity(frames.iter().map(|f| f.svg.len() + 200).sum::<usize>() + 4096);
    let _ = write!(
        s,
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{t}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{{margin:0;font-family:system-ui,sans-serif;background:#f3efe6;color:#262626}}
header{{display:flex;gap:.6em;align-items:center;padding:.5em 1em;background:#fffdf7;border-bottom:1px solid #c9c0ae;position:sticky;top:0}}
header h1{{font-size:1.05em;margin:0 1em 0 0}}
button{{font-size:1em;padding:.25em .9em}}
#caption{{font-weight:bold;min-width:14em}}
.frame{{display:none;padding:.5em}}
.frame.on{{display:block}}
.frame svg{{width:100%;height:auto;max-height:calc(100vh - 4em)}}
</style></head><body>
<header><h1>{t}</h1><button id="prev" title="previous phase (←)">◀ previous</button><span id="caption"></span><button id="next" title="next phase (→)">next ▶</button><span id="count"></span></header>
"#,
        t = esc(title)
    );
    for (i, f) in frames.iter().enumerate() {
        let _ = write!(
            s,
            r#"<section class="frame" id="f{i}" data-caption="{}">"#,
            esc(&f.caption)
        );
        // The SVG documents are inlined as they are (minus any XML declaration).
        s.push_str(f.svg.trim_start_matches(|c: char| c.is_whitespace()));
        s.push_str("</section>\n");
    }
    s.push_str(
        r#"<script>
(function(){
  var frames=document.querySelectorAll('.frame'), i=0;
  function show(k){
    if(!frames.length) return;
    i=Math.max(0,Math.min(frames.length-1,k));
    frames.forEach(function(f,j){f.classList.toggle('on',j===i);});
    document.getElementById('caption').textContent=frames[i].dataset.caption;
    document.getElementById('count').textContent=(i+1)+' / '+frames.length;
    document.getElementById('prev').disabled=i===0;
    document.getElementById('next').disabled=i===frames.length-1;
    if(location.hash!=='#'+(i+1)) history.replaceState(null,'','#'+(i+1));
  }
  document.getElementById('prev').onclick=function(){show(i-1);};
  document.getElementById('next').onclick=function(){show(i+1);};
  document.addEventListener('keydown',function(e){
    if(e.key==='ArrowLeft') show(i-1);
    if(e.key==='ArrowRight') show(i+1);
  });
  var h=parseInt(location.hash.slice(1),10);
  show(isNaN(h)?0:h-1);
})();
</script>
</body></html>
"#,
    );
    s
}
