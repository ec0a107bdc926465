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

/** A renderer for `output`; a failure shows as an error text in its place, as in JupyterLab. */
function renderOutput(rendermime, mimeType, output) {
  const renderer = rendermime.createRenderer(mimeType);
  renderer.addClass('jp-OutputArea-output');
  renderer.renderModel(output).catch((error) => {
    const pre = document.createElement('pre');
    pre.className = 'lm-Widget jp-RenderedText';
    pre.setAttribute('data-mime-type', 'application/vnd.jupyter.stderr');
    pre.textContent = `Javascript Error: ${error.message}`;
    renderer.node.appendChild(pre);
  });
  return renderer;
}
