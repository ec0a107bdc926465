// The widgets: ipywidgets' own manager for a kernel, with the three modules ipywidgets ships
// (base, controls, output), and a renderer that draws a widget where an output shows one.
import * as base from '@jupyter-widgets/base';
import { JUPYTER_CONTROLS_VERSION } from '@jupyter-widgets/controls/lib/version';
import {
  KernelWidgetManager,
  WIDGET_VIEW_MIMETYPE,
} from '@jupyter-widgets/jupyterlab-manager/lib/manager';
import {
  OUTPUT_WIDGET_VERSION,
  OutputModel,
  OutputView,
} from '@jupyter-widgets/jupyterlab-manager/lib/output';
import { WidgetRenderer } from '@jupyter-widgets/jupyterlab-manager/lib/renderer';

import { failureText } from './outputs.js';

/**
 * A widget manager on `kernel`; it fetches every widget's state from the kernel at once.
 *
 * The controls' classes are loaded as a chunk of their own, after the kernel has answered, as
 * in Voilà: given at once, a container's state could be read before its children's models were
 * registered ("widget model not found", docs/serving.md).
 */
export function createWidgetManager(kernel, rendermime) {
  const manager = new Manager(kernel, rendermime);
  manager.register({
    name: '@jupyter-widgets/base',
    version: base.JUPYTER_WIDGETS_VERSION,
    exports: {
      WidgetModel: base.WidgetModel,
      WidgetView: base.WidgetView,
      DOMWidgetView: base.DOMWidgetView,
      DOMWidgetModel: base.DOMWidgetModel,
      LayoutModel: base.LayoutModel,
      LayoutView: base.LayoutView,
      StyleModel: base.StyleModel,
      StyleView: base.StyleView,
      ErrorWidgetView: base.ErrorWidgetView,
    },
  });
  manager.register({
    name: '@jupyter-widgets/controls',
    version: JUPYTER_CONTROLS_VERSION,
    exports: () => import('@jupyter-widgets/controls').then(withBoundedUpload),
  });
  manager.register({
    name: '@jupyter-widgets/output',
    version: OUTPUT_WIDGET_VERSION,
    exports: { OutputModel, OutputView },
  });
  rendermime.addFactory(
    {
      safe: false,
      mimeTypes: [WIDGET_VIEW_MIMETYPE],
      createRenderer: (options) => new Renderer(options, manager),
    },
    -10
  );
  return manager;
}

/**
 * ipywidgets' manager for a kernel, losing no change the kernel sends while it fetches the
 * widgets' states.
 *
 * The manager asks the kernel for every widget's state at once (a snapshot), then opens each
 * widget's comm and makes its model, which listens to its comm only once its class is loaded
 * (the controls' chunk) and its state read. A message reaching a comm nobody listens to is
 * dropped: a change the kernel made meanwhile (a solve ending in the background) never showed,
 * and the page drew the snapshot until the next change (the house rules' figures, never
 * shown). Here a widget's comm keeps what reaches it until its model listens, then hands it
 * over in order; and a change sent before the widget's comm was opened at all (while the
 * kernel was writing the snapshot, which may hold the state from before it) is kept too and
 * handed over first. Handing a change over again is harmless: each holds the widget's values
 * as they were then, and the later ones come after it (tests/browser/test_late_changes.py).
 */
class Manager extends KernelWidgetManager {
  constructor(kernel, rendermime) {
    super(kernel, rendermime); // asks for the snapshot: its answer comes in a later task
    this._unheard = new Map();
    const keep = (_kernel, { msg, direction }) => {
      const data = msg.content?.data;
      if (direction === 'recv' && msg.header.msg_type === 'comm_msg' && data?.method === 'update') {
        const id = msg.content.comm_id;
        if (!kernel.hasComm(id)) {
          const kept = this._unheard.get(id) ?? [];
          if (kept.length < MAX_KEPT) {
            kept.push(msg);
          }
          this._unheard.set(id, kept);
        }
      }
    };
    kernel.anyMessage.connect(keep);
    const done = () => {
      this.restored.disconnect(done);
      kernel.anyMessage.disconnect(keep);
      this._unheard.clear();
    };
    this.restored.connect(done);
  }

  async _create_comm(targetName, modelId, data, metadata, buffers) {
    const comm = await super._create_comm(targetName, modelId, data, metadata, buffers);
    if (targetName === this.comm_target_name && !data && !metadata) {
      // a widget the kernel made: its model comes later
      keepUntilHeard(comm, this._unheard?.get(modelId) ?? []);
      this._unheard?.delete(modelId);
    }
    return comm;
  }
}

/** Models holding a change ipywidgets has not sent yet. */
const unsent = new Set();

/**
 * A click never overtakes a change made before it.
 *
 * ipywidgets sends a widget's change at once only if the kernel has finished with the
 * widget's previous one; otherwise it keeps the change (merged with later ones) until the
 * kernel says it is idle. A click is a custom message, sent at once. So a speed picked with the
 * arrow keys (four changes of one drop-down) and Start pressed within one round trip to the
 * kernel started the game at the speed of the first change: a keyboard user, or anyone on a
 * slow connection, lost what they had picked. Here every kept change is sent before any custom
 * message, as the kernel's idle status would have sent it (tests/browser/test_late_changes.py).
 */
function sendChangesBeforeClicks(Model) {
  const sync = Model.prototype.sync;
  Model.prototype.sync = function (...args) {
    const done = sync.apply(this, args);
    if (this._msg_buffer !== null) {
      unsent.add(this);
    }
    return done;
  };
  const send = Model.prototype.send;
  Model.prototype.send = function (...args) {
    for (const model of unsent) {
      if (model._msg_buffer !== null && model.comm_live) {
        const id = model.send_sync_message(model._msg_buffer, model._msg_buffer_callbacks);
        model.rememberLastUpdateFor(id);
        model._msg_buffer = null;
        model._msg_buffer_callbacks = null;
      }
    }
    unsent.clear();
    return send.apply(this, args);
  };
}
sendChangesBeforeClicks(base.WidgetModel); // once, as this module is loaded

/** The most messages a comm keeps for its model (a model that never comes gets none). */
export const MAX_KEPT = 10000;

/**
 * Keep the messages reaching `comm` (ipywidgets' shim of a services comm), after those of
 * `kept`, until a handler is set with `comm.on_msg`; then give them to it, in order, before
 * any later message.
 */
function keepUntilHeard(comm, kept) {
  const services = comm.jsServicesComm;
  services.onMsg = (message) => {
    if (kept.length < MAX_KEPT) {
      kept.push(message);
    }
  };
  comm.on_msg = (callback) => {
    delete comm.on_msg; // later handlers are set as ipywidgets sets them
    // After the model's constructor, which sets the handler and then its chain of changes.
    queueMicrotask(() => {
      comm.on_msg(callback);
      const handler = services.onMsg;
      for (const message of kept.splice(0)) {
        Promise.resolve(handler(message)).catch((error) => console.error(error));
      }
    });
  };
}

/**
 * The largest file a file-upload button sends to the kernel, in bytes: dicelab.classroom.results'
 * MAX_UPLOAD (tests/test_frontend.py checks that they agree), below the 10 MiB a message to the
 * kernel may hold. A larger file is not read: the kernel is sent its name and size with no
 * content, and refuses it in words that say the limit, in the page's language.
 */
export const MAX_UPLOAD = 8000000;

/** The controls, with a file-upload view that never sends a file over MAX_UPLOAD. */
function withBoundedUpload(controls) {
  class BoundedFileUploadView extends controls.FileUploadView {
    render() {
      super.render();
      // At its target a capturing listener runs before the view's own, which reads the file.
      this.fileInput.addEventListener(
        'change',
        (event) => {
          const files = Array.from(this.fileInput.files ?? []);
          if (!files.some((file) => file.size > MAX_UPLOAD)) {
            return;
          }
          event.stopImmediatePropagation();
          const value = files.map((file) => ({
            name: file.name,
            type: file.type,
            size: file.size,
            last_modified: file.lastModified,
            content: new DataView(new ArrayBuffer(0)),
          }));
          this.fileInput.value = '';
          this.model.set({ value, error: '' });
          this.touch();
        },
        true
      );
    }
  }
  return { ...controls, FileUploadView: BoundedFileUploadView };
}

/**
 * ipywidgets' renderer, its texts in the page's language (the template's `window.dicelabTexts`):
 * its placeholder ("Loading widget...") and its failures ("Error displaying widget...").
 */
class Renderer extends WidgetRenderer {
  renderModel(model) {
    // The placeholder is written at once; the view comes after the kernel has answered.
    const rendered = super.renderModel(model);
    const texts = window.dicelabTexts;
    if (texts && !this.node.firstElementChild) {
      this.node.textContent = texts.loading;
    }
    // A failure leaves no view and marks the renderer (its details are in the console).
    return rendered.then(() => {
      if (texts && this.widgets.length === 0 && this.hasClass('jupyter-widgets')) {
        this.node.textContent = '';
        this.node.appendChild(failureText());
      }
    });
  }
}
