"""The tournaments API, one module a resource (`events`, `entries`, `rounds` with the desk,
`bracket`, `standings`, `matches`) and what they share (`common`). Thin DRF views: parse the
input, call one service or read, render."""
