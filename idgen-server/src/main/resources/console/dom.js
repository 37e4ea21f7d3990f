// Builds the page's elements from data with textContent only: a tag name or an error message from
// the server is never read as markup.

export function element(name, text, className) {
  const node = document.createElement(name);
  if (text !== undefined && text !== null) {
    node.textContent = String(text);
  }
  if (className) {
    node.className = className;
  }
  return node;
}

export function row(cells) {
  const tr = document.createElement('tr');
  for (const cell of cells) {
    if (cell instanceof Node) {
      const td = document.createElement('td');
      td.append(cell);
      tr.append(td);
    } else if (cell && typeof cell === 'object') {
      const td = element('td', cell.text, cell.className);
      if (cell.title) {
        td.title = cell.title;
      }
      if (cell.name) {
        td.dataset.name = cell.name;
      }
      tr.append(td);
    } else {
      tr.append(element('td', cell === undefined || cell === null ? '' : cell));
    }
  }
  return tr;
}

export function facts(dl, entries) {
  dl.replaceChildren();
  for (const [term, value, className] of entries) {
    if (value === undefined || value === null) {
      continue;
    }
    dl.append(element('dt', term));
    const dd = element('dd', value, className);
    dd.dataset.name = term;
    dl.append(dd);
  }
}

export function number(value) {
  if (value === undefined || value === null || value === '') {
    return '';
  }
  try {
    return BigInt(value).toLocaleString('en-US');
  } catch {
    return String(value);
  }
}

export function duration(seconds) {
  if (!isFinite(seconds)) {
    return 'never at this rate';
  }
  const days = seconds / 86400;
  if (days >= 730) {
    return `${Math.floor(days / 365.25)} years`;
  }
  if (days >= 2) {
    return `${Math.floor(days)} days`;
  }
  if (seconds >= 7200) {
    return `${Math.floor(seconds / 3600)} hours`;
  }
  if (seconds >= 120) {
    return `${Math.floor(seconds / 60)} minutes`;
  }
  return `${Math.max(0, Math.floor(seconds))} s`;
}
