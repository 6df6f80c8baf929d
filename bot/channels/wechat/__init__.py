"""WeChat channels: the WeCom AI bot (callback or long connection) and personal WeChat (iLink)."""
