// Custom emojis and attached files, drawn as Discord's app draws them: `<:name:id>` in text and a button's
// `emoji: { id, name }` are pictures from the CDN (alt text `:name:`, as Discord's copy-paste gives), a message's
// files show under its text, and an embed's `attachment://file.png` image is that file, full width under the
// fields (the file then shows only there). Everything is built as DOM nodes, never as markup from the text:
// emoji names, file names and descriptions are user input.

/** Where the loopback Discord serves emoji images (/emojis/{id}.png), as Discord's cdn.discordapp.com does. */
let cdnBase = '';

export function setCdn(url) {
  cdnBase = String(url ?? '').replace(/\/$/, '');
}

/** `<:name:id>` and `<a:name:id>` (animated) in message text, embeds and text displays. */
const CUSTOM_EMOJI = /<(a?):(\w+):(\d+)>/g;
/** Discord shows emojis large ("jumbo") in a message whose text is nothing but up to 30 of them. */
const JUMBO_MAX = 30;

/** A custom emoji as an <img>; `className` sets its size (inline text, jumbo, button). */
export function customEmoji({ id, name, animated }, className = 'emoji') {
  const img = document.createElement('img');
  img.className = className;
  img.src = `${cdnBase}/emojis/${encodeURIComponent(id)}.${animated ? 'gif' : 'png'}`;
  img.alt = `:${name}:`;
  img.title = `:${name}:`;
  img.draggable = false;
  img.dataset.emojiId = String(id);
  // An emoji the application no longer has: the playground shows its name rather than a broken picture.
  img.addEventListener('error', () => img.replaceWith(document.createTextNode(img.alt)), { once: true });
  return img;
}

/** Emojis met while markdown is turned into HTML, by slot number; placeholders carry only the number. */
const slots = [];

/**
 * Replaces every custom emoji in `text` (raw text, before the markdown escapes it) by a placeholder that
 * fillEmojiSlots later swaps for the picture. `hold` keeps the placeholder away from the markdown rules.
 */
export function holdCustomEmojis(text, hold) {
  return text.replace(CUSTOM_EMOJI, (_, a, name, id) => {
    slots.push({ id, name, animated: a === 'a' });
    return hold(`<span class="emoji-slot" data-slot="${slots.length - 1}"></span>`);
  });
}

/** Swaps the placeholders under `root` for the emoji pictures, and forgets the slots. */
export function fillEmojiSlots(root) {
  for (const slot of root.querySelectorAll('.emoji-slot')) {
    const emoji = slots[Number(slot.dataset.slot)];
    if (emoji) slot.replaceWith(customEmoji(emoji, slot.closest('.jumbo') ? 'emoji jumbo-emoji' : 'emoji'));
    else slot.remove();
  }
  slots.length = 0;
}

/** Text made only of custom emojis (and spaces), at most 30: Discord draws them jumbo. */
export function isOnlyEmojis(text) {
  const count = [...String(text).matchAll(CUSTOM_EMOJI)].length;
  return count > 0 && count <= JUMBO_MAX && String(text).replace(CUSTOM_EMOJI, '').trim() === '';
}

/** A component's emoji: an application (custom) emoji as its picture, a Unicode one as text. */
export function componentEmoji(emoji) {
  if (emoji?.id && /^\d+$/.test(String(emoji.id)))
    return customEmoji({ id: emoji.id, name: emoji.name ?? '_', animated: emoji.animated }, 'emoji btn-emoji');
  if (!emoji?.name) return null;
  const text = document.createElement('span');
  text.className = 'btn-emoji text-emoji';
  text.textContent = emoji.name;
  return text;
}

/** The file an `attachment://name` URL names among the message's files, or null. */
function attachmentNamed(url, attachments) {
  const name = /^attachment:\/\/(.+)$/.exec(url)?.[1];
  return name === undefined ? null : (attachments.find((a) => a.filename === name) ?? null);
}

/** What an embed's image shows: an attached file's URL, a web URL, or null (nothing to show). */
export function embedImageUrl(url, attachments) {
  if (typeof url !== 'string') return null;
  if (url.startsWith('attachment://')) return attachmentNamed(url, attachments)?.url ?? null;
  return /^https?:\/\//i.test(url) ? url : null;
}

/**
 * The file an embed image stands for: its `attachment://name` as sent, or — as Discord answers once the message
 * is stored — the file's own URL that the reference was resolved to.
 */
function fileOfEmbedImage(url, attachments) {
  if (typeof url !== 'string') return null;
  return attachmentNamed(url, attachments) ?? attachments.find((a) => a.url === url) ?? null;
}

/** The files some embed of the message shows: Discord draws them there, not again under the text. */
export function filesShownInEmbeds(embeds, attachments) {
  const shown = new Set();
  for (const embed of embeds ?? []) {
    for (const url of [embed?.image?.url, embed?.thumbnail?.url]) {
      const file = fileOfEmbedImage(url, attachments);
      if (file) shown.add(file.id);
    }
  }
  return shown;
}

/** An embed's large image, under its fields. */
export function drawEmbedImage(src, description) {
  const box = document.createElement('div');
  box.className = 'embed-image';
  const img = document.createElement('img');
  img.src = src;
  img.alt = description ?? '';
  img.loading = 'lazy';
  box.append(img);
  return box;
}

/** The message's files: pictures shown, other files as a card with a link, as Discord lists them. */
export function drawAttachments(attachments, skip) {
  const box = document.createElement('div');
  box.className = 'attachments';
  for (const file of attachments) {
    if (skip.has(file.id)) continue;
    const link = document.createElement('a');
    link.href = /^https?:\/\//i.test(file.url) ? file.url : '#';
    link.target = '_blank';
    link.rel = 'noreferrer';
    if (/^image\//.test(file.contentType ?? '')) {
      link.className = 'attachment-image';
      const img = document.createElement('img');
      img.src = link.href;
      img.alt = file.description ?? file.filename;
      link.append(img);
    } else {
      link.className = 'attachment-file';
      link.textContent = `📄 ${file.filename}`;
    }
    box.append(link);
  }
  return box.childElementCount > 0 ? box : null;
}
