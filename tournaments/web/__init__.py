"""The tournaments' HTML pages, one module a page (`events`, `bracket`, `standings`, `desk`,
`matches`), the form posts of them all together (`actions`), their forms (`forms`) and what
they share (`common`). Thin: they call the reads and services the API calls."""
