// What ipywidgets cannot say from Python, said by CSS classes the kernel gives its widgets and
// turned here into the attributes assistive technology reads (docs/widgets.md, Accessibility):
//   dl-live            aria-live="polite": what changes in it is read out (dice, scores,
//                      notices, the computer's moves)
//   dl-lang-xx         lang="xx" on an app drawn in another language than the page's
//   dl-label-title     aria-label from its title (a scorecard box: "Full house: +25. ...",
//                      where the button itself shows only "+25")
//   dl-say-title       its title read out, not shown: moved into a line of its own that only
//                      screen readers read, and that is aria-live (the dice in words: no
//                      widget model of its own)
//   an image widget    alt from its title (the plot's sentence, with its numbers)
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
  if (classes.contains('dl-say-title')) {
    say(element, element.getAttribute('title'));
  }
  const title = element.getAttribute('title');
  if (classes.contains('dl-label-title') && title && element.getAttribute('aria-label') !== title) {
    element.setAttribute('aria-label', title);
  }
  if (element.tagName === 'IMG' && classes.contains('widget-image') && title !== null) {
    if (element.getAttribute('alt') !== title) {
      element.setAttribute('alt', title);
    }
  }
}

/**
 * Put `words` (null: none new) in `element`'s line read out by screen readers, made at once,
 * empty, so that it is in the page before its first words (a live line is read out when it
 * changes, not when it comes).
 */
function say(element, words) {
  let line = element.querySelector(':scope > .dl-said');
  if (!line) {
    line = document.createElement('span');
    line.className = 'dl-said dl-sr-only';
    line.setAttribute('aria-live', 'polite');
    element.appendChild(line);
  }
  if (words !== null) {
    element.removeAttribute('title');
    if (line.textContent !== words) {
      line.textContent = words;
    }
  }
}

function mendTree(root) {
  if (root.nodeType !== Node.ELEMENT_NODE) {
    return;
  }
  mend(root);
  for (const element of root.querySelectorAll('[class*="dl-"], img.widget-image')) {
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
