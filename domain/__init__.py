"""Fawn's domain: pure Python decisions. No I/O, no clock, no network."""
