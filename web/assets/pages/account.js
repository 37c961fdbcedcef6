// Account: the display name, registering with a password, logging in on
// another device (a guest's matches move to the account), logging out.

import { h } from "../ui/dom.js";

export async function accountPage(ctx) {
  const me = await ctx.api.me().catch(() => null);
  const message = h("p", { role: "status", class: "notice" });
  const fail = (error) => {
    message.className = "error";
    message.textContent = error.message;
  };
  const done = (text) => {
    message.className = "notice";
    message.textContent = text;
  };
  // The connection identifies itself at connect time: start again as the new player.
  const reload = () => setTimeout(() => location.reload(), 600);

  const name = h("input", { type: "text", id: "display-name", value: me?.player.name ?? "", maxlength: "64", required: true });
  const sections = [
    h("h1", {}, "Account"),
    h("form", {
      class: "panel",
      onsubmit: async (e) => {
        e.preventDefault();
        try {
          await ctx.player();
          await ctx.api.rename(name.value);
          done("Name changed.");
          reload();
        } catch (error) {
          fail(error);
        }
      },
    }, h("h2", {}, "Display name"), h("label", {}, "Name ", name), h("button", { type: "submit" }, "Change name")),
  ];

  const credentials = (idPrefix) => [
    h("label", {}, "Username ", h("input", { type: "text", id: `${idPrefix}-username`, autocomplete: "username", required: true })),
    h("label", {}, "Password ", h("input", { type: "password", id: `${idPrefix}-password`, autocomplete: idPrefix === "register" ? "new-password" : "current-password", required: true })),
  ];
  const value = (id) => document.getElementById(id).value;

  if (me?.username) {
    sections.push(h("p", {}, `You are registered as `, h("strong", {}, me.username), "."));
  } else {
    sections.push(h("form", {
      class: "panel",
      onsubmit: async (e) => {
        e.preventDefault();
        try {
          await ctx.player();
          await ctx.api.register(value("register-username"), value("register-password"));
          done("Registered. Your matches are kept under your account.");
          reload();
        } catch (error) {
          fail(error);
        }
      },
    }, h("h2", {}, "Register"), h("p", { class: "muted" }, "Keep your matches across devices. Your guest matches stay yours."), ...credentials("register"), h("button", { type: "submit", class: "primary" }, "Register")));
  }
  // A registered player is logged in already; a guest may log in to an
  // account made elsewhere. Only an account can be logged out of: a
  // guest's identity lives in this browser alone, and logging it out
  // would lose its matches for good.
  if (!me?.username) sections.push(h("form", {
    class: "panel",
    onsubmit: async (e) => {
      e.preventDefault();
      try {
        await ctx.api.login(value("login-username"), value("login-password"));
        done("Logged in.");
        reload();
      } catch (error) {
        fail(error);
      }
    },
  }, h("h2", {}, "Log in"), h("p", { class: "muted" }, "Matches you played here as a guest move to your account."), ...credentials("login"), h("button", { type: "submit" }, "Log in")));
  if (me?.username) sections.push(h("p", {}, h("button", {
    type: "button",
    onclick: async () => {
      try {
        await ctx.api.logout();
        done("Logged out.");
        reload();
      } catch (error) {
        fail(error);
      }
    },
  }, "Log out")));
  sections.push(message);
  ctx.main.append(...sections);
}
