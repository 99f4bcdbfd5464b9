"""The site's front page: what is on across the apps (the top layer; no models)."""
