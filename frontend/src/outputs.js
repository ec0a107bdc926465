// The cells' outputs: Voilà's template writes each one as JSON in a script tag where it belongs.
import { Widget } from '@lumino/widgets';

const OUTPUT_SELECTOR = 'script[type="application/vnd.voila.cell-output+json"]';

/** Draw every cell output under `root` in place of its script tag. */
export function renderCellOutputs(rendermime, root) {
  for (const script of root.querySelectorAll(OUTPUT_SELECTOR)) {
    const output = JSON.parse(script.textContent);
    const container = script.parentElement;
    script.remove();
    const mimeType = rendermime.preferredMimeType(output.data, 'any');
    if (mimeType && container) {
      Widget.attach(renderOutput(rendermime, mimeType, output), container);
    }
  }
}

/**
 * A renderer for `output`. A failure shows, in its place, the page's words for it (the
 * template's `window.dicelabTexts`), styled as an error; the details go to the console.
 */
function renderOutput(rendermime, mimeType, output) {
  const renderer = rendermime.createRenderer(mimeType);
  renderer.addClass('jp-OutputArea-output');
  renderer.renderModel(output).catch((error) => {
    console.error(error);
    renderer.node.appendChild(failureText());
  });
  return renderer;
}

/** "This part of the page could not be shown…", in the page's language, styled as an error. */
export function failureText() {
  const pre = document.createElement('pre');
  pre.className = 'lm-Widget jp-RenderedText dl-failed';
  pre.setAttribute('data-mime-type', 'application/vnd.jupyter.stderr');
  pre.textContent = window.dicelabTexts.failed; // the template's words (texts.html.j2)
  return pre;
}
