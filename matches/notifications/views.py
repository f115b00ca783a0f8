"""The e-mail digest's unsubscribe link: ``/notifications/unsubscribe/<signed token>``.

GET shows a page with one button (mail scanners follow links: a GET changes nothing);
POST (the button, or a mail client's RFC 8058 one-click ``List-Unsubscribe=One-Click``)
turns the digest off. The signed token is the authorisation, so no CSRF token applies.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.views.decorators.csrf import csrf_exempt

from matches.notifications.digest import unsubscribe, user_of_token

PAGE = """<!doctype html><html lang="en"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rummy e-mails</title>
<body style="font-family: sans-serif; max-width: 32em; margin: 3em auto">
{}</body></html>"""


@csrf_exempt
def unsubscribe_view(request: HttpRequest, token: str) -> HttpResponse:
    user_id = user_of_token(token)
    if user_id is None:
        return HttpResponse(
            format_html(PAGE, mark_safe("<p>This link is broken or was changed.</p>")),
            status=404,
        )
    if request.method == "POST":
        unsubscribe(user_id)
        return HttpResponse(
            format_html(PAGE, mark_safe("<p>Done: you will get no more digest e-mails.</p>"))
        )
    if request.method not in ("GET", "HEAD"):
        return HttpResponse(status=405, headers={"Allow": "GET, HEAD, POST"})
    form = mark_safe(
        '<p>Stop the digest e-mails of your Rummy matches?</p><form method="post">'
        '<button type="submit" name="List-Unsubscribe" value="One-Click">'
        "Unsubscribe</button></form>"
    )
    return HttpResponse(format_html(PAGE, form))
