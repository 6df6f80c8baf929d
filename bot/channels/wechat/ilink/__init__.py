"""Personal WeChat one-to-one chats through the iLink bot API (QR login, getupdates, sendmessage)."""
