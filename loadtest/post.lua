-- wrk script: POST the JSON body in the BODY environment variable with the bearer
-- token in TOKEN (the create-link benchmark).
wrk.method = "POST"
wrk.body = os.getenv("BODY")
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("TOKEN")
