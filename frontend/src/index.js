// dicelab's front end for a Voilà page (docs/serving.md): connect to the page's kernel, draw the
// cells' outputs and widgets, show the page, and shut the kernel down when the page closes.
// Voilà's own front end starts a JupyterLab application (notebook, console, editor, menus,
// charts) on every page; a dicelab page needs none of it, and a browser opens it in a fraction
// of the time.
// Font Awesome 5 with its v4 names, as Voilà's voila-style.js brings it: ipywidgets draws a
// button's icon with Font Awesome's classes.
import '@fortawesome/fontawesome-free/css/all.css';
import '@fortawesome/fontawesome-free/css/v4-shims.css';
import '@jupyter-widgets/base/css/index.css';
import '@jupyter-widgets/controls/css/widgets-base.css';
import './page.css';

import { PageConfig } from '@jupyterlab/coreutils';

import { watchAccessibility } from './a11y.js';
import { connectKernel, shutDownOnClose } from './kernel.js';
import { renderCellOutputs } from './outputs.js';
import { createRendermime } from './rendermime.js';
import { keepGame } from './saved.js';
import { watchKernel } from './watch.js';
import { createWidgetManager } from './widgets.js';

watchAccessibility(document.body);
const baseUrl = PageConfig.getBaseUrl();
const kernel = connectKernel(baseUrl, PageConfig.getOption('kernelId'));
const rendermime = createRendermime();
const manager = createWidgetManager(kernel, rendermime);
renderCellOutputs(rendermime, document.body);
shutDownOnClose(kernel, baseUrl);
// Games that survive (docs/widgets.md): the page says when its connection or its kernel is
// lost, and a play app's game is kept in the browser, to come back on the page opened again.
let hasGame = false;
watchKernel(kernel, baseUrl, () => hasGame);
// Only once the page holds every widget's model: a save brought back changes the widgets, and
// the learner should see them change on the game they opened.
widgetsLoaded(manager)
  .then(() => keepGame(kernel))
  .then(
    (kept) => {
      hasGame = kept;
    },
    () => {} // no answer: the kernel went away first, and the watcher says so
  );

/** Resolves once the widget manager has fetched every widget of the kernel (the first time). */
function widgetsLoaded(widgetManager) {
  if (widgetManager.restoredStatus) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      widgetManager.restored.disconnect(done);
      resolve();
    };
    widgetManager.restored.connect(done);
  });
}

// Voilà's template shows the cells once its last cell has run *and* the theme is loaded; the
// light theme is in the page's stylesheets already.
window.themeLoaded = true;
if (window.cellLoaded) {
  window.voila_finish();
}
