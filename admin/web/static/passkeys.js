// Hop dashboard: passkeys (WebAuthn). The login page's "Sign in with a passkey" and the
// account page's "Add a passkey" stay hidden without this script or without WebAuthn in
// the browser; everything else on those pages works without it. The server gives the
// options as JSON (binary fields base64url) and takes the authenticator's answer the
// same way (admin/web/passkey_pages.py); the page's CSRF token goes in X-CSRF-Token.
(function () {
  "use strict";
  function toBytes(text) {
    var base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    while (base64.length % 4) { base64 += "="; }
    var raw = window.atob(base64), bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { bytes[i] = raw.charCodeAt(i); }
    return bytes.buffer;
  }
  function toText(buffer) {
    var bytes = new Uint8Array(buffer), raw = "";
    for (var i = 0; i < bytes.length; i++) { raw += String.fromCharCode(bytes[i]); }
    return window.btoa(raw).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRF-Token"]; }
    catch (e) { return ""; }
  }
  function send(path, body) {
    return window.fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken() },
      body: body === undefined ? "{}" : JSON.stringify(body)
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        if (!response.ok) { throw new Error(data.detail || "The server refused (" + response.status + ")."); }
        return data;
      });
    });
  }
  function descriptors(list) {
    return (list || []).map(function (d) { return { type: d.type, id: toBytes(d.id), transports: d.transports }; });
  }
  function answer(credential) {
    var r = credential.response, out = {
      id: credential.id, rawId: toText(credential.rawId), type: credential.type,
      clientExtensionResults: credential.getClientExtensionResults ? credential.getClientExtensionResults() : {},
      authenticatorAttachment: credential.authenticatorAttachment || undefined,
      response: { clientDataJSON: toText(r.clientDataJSON) }
    };
    if (r.attestationObject) {
      out.response.attestationObject = toText(r.attestationObject);
      out.response.transports = r.getTransports ? r.getTransports() : [];
    } else {
      out.response.authenticatorData = toText(r.authenticatorData);
      out.response.signature = toText(r.signature);
      if (r.userHandle) { out.response.userHandle = toText(r.userHandle); }
    }
    return out;
  }
  function say(root, text) {
    var box = root.querySelector("[data-passkey-error]");
    if (box) { box.textContent = text; box.hidden = !text; }
  }
  function failure(error) {
    if (error && error.name === "NotAllowedError") { return "The passkey prompt was cancelled or timed out."; }
    if (error && error.name === "InvalidStateError") { return "This device already holds a passkey for your account."; }
    return (error && error.message) || "Something went wrong; try again.";
  }
  function signIn(box) {
    var button = box.querySelector("[data-passkey-signin-button]");
    box.hidden = false;
    button.addEventListener("click", function () {
      say(box, ""); button.disabled = true;
      send("/login/passkey/options").then(function (options) {
        options.challenge = toBytes(options.challenge);
        options.allowCredentials = descriptors(options.allowCredentials);
        return navigator.credentials.get({ publicKey: options });
      }).then(function (credential) {
        return send("/login/passkey/verify", { credential: answer(credential), next: button.dataset.next || "/" });
      }).then(function (done) {
        window.location.assign(done.redirect);
      }).catch(function (error) {
        say(box, failure(error)); button.disabled = false;
      });
    });
  }
  function add(form) {
    var button = form.querySelector("button[type=submit]");
    form.hidden = false;
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var name = form.querySelector("input[name=name]").value.trim();
      if (!name) { say(form, "Give the passkey a name."); return; }
      say(form, ""); button.disabled = true;
      send("/passkeys/register/options").then(function (options) {
        options.challenge = toBytes(options.challenge);
        options.user.id = toBytes(options.user.id);
        options.excludeCredentials = descriptors(options.excludeCredentials);
        return navigator.credentials.create({ publicKey: options });
      }).then(function (credential) {
        return send("/passkeys/register/verify", { name: name, credential: answer(credential) });
      }).then(function () {
        // A new page shows the list and the message (a fragment alone would not reload).
        window.location.hash = "passkeys-heading";
        window.location.reload();
      }).catch(function (error) {
        say(form, failure(error)); button.disabled = false;
      });
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    if (!window.PublicKeyCredential || !navigator.credentials || !window.fetch) { return; }
    Array.prototype.forEach.call(document.querySelectorAll("[data-passkey-signin]"), signIn);
    Array.prototype.forEach.call(document.querySelectorAll("form[data-passkey-add]"), add);
  });
})();
