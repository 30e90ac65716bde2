import { useNonce } from "../nonce";

/**
 * The project page's only JavaScript (issue 24), inline and nonce'd: the page
 * never hydrates. As the judge types a score, the weighted total (each score
 * over 10 times its criterion's weight, in `data-weight`) shows in
 * `[data-live-total]`. Without it the page works the same and shows the
 * saved total after each save; the server computes what counts.
 */
const script = `(()=>{
const f=document.querySelector("[data-rubric]");if(!f)return;
const o=f.querySelector("[data-live-total]");if(!o)return;
const max=Number(f.dataset.scoreMax)||10;
const show=()=>{let t=0,n=0,all=true;f.querySelectorAll("input[data-weight]").forEach(i=>{const v=i.value.trim();
if(/^\\d+$/.test(v)&&Number(v)>=1&&Number(v)<=max){t+=Number(v)*Number(i.dataset.weight)/100;n++}else all=false});
o.textContent=all?"Weighted total as typed: "+t.toFixed(2)+" of "+max:"Weighted total as typed: "+n+" of "+f.querySelectorAll("input[data-weight]").length+" criteria scored"};
o.hidden=false;show();f.addEventListener("input",show);
})();`;

export function JudgingEnhancements() {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
