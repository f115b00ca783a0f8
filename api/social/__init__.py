"""Playing together over GraphQL (issue 30): blocks and follows (``friends``), and
challenges (``challenges``). The modules import only ``api.accounts``, ``api.matches``
and those before them: ``friends`` → ``challenges``. A match's chat is ``api.matches``'
(``chat``, ``chat_fields``); tournaments are ``api.tournaments``."""
