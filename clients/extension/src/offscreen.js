// The offscreen document the service worker copies through: a service worker has no
// clipboard, and an offscreen document has no focus for navigator.clipboard, so the
// text goes through a textarea and execCommand("copy").
chrome.runtime.onMessage.addListener((message, _sender, reply) => {
  if (message?.target !== "offscreen" || message.type !== "copy") return false;
  const area = document.getElementById("text");
  area.value = message.text;
  area.select();
  reply(document.execCommand("copy"));
  return false;
});
