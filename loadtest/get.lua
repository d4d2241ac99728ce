-- wrk script: plain GET of the URL given on the command line.
wrk.method = "GET"
