// How outputs are drawn: JupyterLab's standard renderers (HTML, Markdown, images, text), with
// Markdown read by marked, as in JupyterLab. No LaTeX: no dicelab page writes any.
import { RenderMimeRegistry, standardRendererFactories } from '@jupyterlab/rendermime';
import { Marked } from 'marked';
import { gfmHeadingId } from 'marked-gfm-heading-id';

/** A registry of JupyterLab's standard renderers. */
export function createRendermime() {
  const marked = new Marked(gfmHeadingId());
  return new RenderMimeRegistry({
    initialFactories: standardRendererFactories,
    markdownParser: { render: (source) => marked.parse(source) },
  });
}
