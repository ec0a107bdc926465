// What ipywidgets cannot say from Python, said by CSS classes the kernel gives its widgets and
// turned here into the attributes assistive technology reads (docs/widgets.md, Accessibility):
//   dl-live            aria-live="polite": what changes in it is read out (dice, scores,
//                      notices, the computer's moves)
//   dl-lang-xx         lang="xx" on an app drawn in another language than the page's
//   dl-label-title     aria-label from its title (a scorecard box: "Full house: +25. ...",
//                      where the button itself shows only "+25")
//   a slider           its handle (role="slider") named by the slider's label
//   dl-alt             (hidden) the text alternative of the picture just before or after the
//                      widget it is in: the plot's sentence, with its numbers. An image
//                      widget has no alt of its own, and ipywidgets' tooltip breaks it.
const LANG = /^dl-lang-([a-z]{2,3})$/;

function mend(element) {
  const classes = element.classList;
  if (classes.contains('dl-live') && element.getAttribute('aria-live') !== 'polite') {
    element.setAttribute('aria-live', 'polite');
  }
  for (const name of classes) {
    const found = LANG.exec(name);
    if (found && element.getAttribute('lang') !== found[1]) {
      element.setAttribute('lang', found[1]);
    }
  }
  const title = element.getAttribute('title');
  if (classes.contains('dl-label-title') && title && element.getAttribute('aria-label') !== title) {
    element.setAttribute('aria-label', title);
  }
  if (classes.contains('dl-alt')) {
    const widget = element.closest('.jupyter-widgets');
    for (const near of widget ? [widget.previousElementSibling, widget.nextElementSibling] : []) {
      if (near && near.tagName === 'IMG') {
        setAlt(near, element.textContent);
      }
    }
  }
  if (classes.contains('noUi-handle')) {
    const label = element.closest('.widget-slider')?.querySelector('.widget-label');
    const name = label ? label.textContent.trim() : '';
    if (name && element.getAttribute('aria-label') !== name) {
      element.setAttribute('aria-label', name);
    }
  }
  if (element.tagName === 'IMG' && classes.contains('widget-image')) {
    for (const near of [element.nextElementSibling, element.previousElementSibling]) {
      const alt = near && near.querySelector('.dl-alt');
      if (alt) {
        setAlt(element, alt.textContent);
        break;
      }
    }
  }
}

function setAlt(image, text) {
  if (image.getAttribute('alt') !== text) {
    image.setAttribute('alt', text);
  }
}

function mendTree(root) {
  if (root.nodeType !== Node.ELEMENT_NODE) {
    return;
  }
  mend(root);
  for (const element of root.querySelectorAll('[class*="dl-"], img.widget-image, .noUi-handle')) {
    mend(element);
  }
}

/** Keep the attributes above on everything under `root`, as widgets are drawn and redrawn. */
export function watchAccessibility(root) {
  mendTree(root);
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        mend(record.target);
      } else {
        record.addedNodes.forEach(mendTree);
      }
    }
  }).observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['class', 'title'],
  });
}
