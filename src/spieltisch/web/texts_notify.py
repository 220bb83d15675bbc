"""The texts of notifications on the pages (`static/pages/notifications.js`,
`browser_notify.js`, the forgotten password on `signin.js`). Kept beside `texts.py`,
which adds them to its lists."""

from spieltisch.core.i18n import N_

NOTIFY_TEXTS: tuple[str, ...] = (
    N_("A link to confirm the address is on its way: open it from the email."),
    N_("A new password"),
    N_("Address confirmed"),
    N_("Address not confirmed"),
    N_("Allow notifications in this browser"),
    N_("Email address"),
    N_("Email me a link"),
    N_("Email"),
    N_("For bots and chat programs: each notification is posted there, signed with a secret."),
    N_("Forgot your password?"),
    N_("Gather the emails into one a day"),
    N_(
        "If this account has a confirmed email address, a link to choose a new password is "
        "on its way."
    ),
    N_("New address"),
    N_("New password"),
    N_("No confirmed address."),
    N_("No more emails go to this address."),
    N_("Not unsubscribed"),
    N_("Notifications"),
    N_("Notifications: email, this browser, webhook"),
    N_("Only you see your address; the other players never do."),
    N_("Remove the address"),
    N_("Remove the webhook"),
    N_("Save the new password"),
    N_("Save with a new secret"),
    N_("Save"),
    N_("Saved."),
    N_("Send the confirmation link"),
    N_("The game is over"),
    N_("The secret (shown this once): {secret}"),
    N_("This browser cannot show notifications."),
    N_("This browser may show notifications."),
    N_("This browser refuses notifications: allow them in its site settings."),
    N_("This browser"),
    N_("This server sends no email."),
    N_("Unsubscribed"),
    N_("Waiting for the link sent to {email} to be opened."),
    N_("Webhook address"),
    N_("Webhook"),
    N_("What you are told of"),
    N_(
        "While a table is open in a tab you are not looking at, this browser tells you what "
        "you chose above."
    ),
    N_("Your confirmed address: {email}"),
    N_("Your turn"),
    N_("My turn"),
    N_("A reminder before my time runs out"),
    N_("A game is over"),
    N_("An invitation to a table"),
    N_("A chat message"),
    # Web Push (web_push.js)
    N_("Push notifications"),
    N_("Get notifications on this device, also with no tab open"),
    N_("This device gets your browser notifications, also with no tab open."),
    N_("Stop push notifications on this device"),
    N_("This browser cannot get push notifications."),
)
