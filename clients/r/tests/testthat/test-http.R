test_that("429 and 503 are asked again after the time Retry-After gives", {
  calls <- 0
  mock <- function(req) {
    calls <<- calls + 1
    if (calls == 1) return(httr2::response(429, headers = list("Retry-After" = "1")))
    if (calls == 2) return(httr2::response(503, headers = list("Retry-After" = "1")))
    httr2::response(200, headers = list("Content-Type" = "application/json"),
                    body = charToRaw('[{"name": "Porites lobata", "colony_count": 3}]'))
  }
  started <- Sys.time()
  species <- suppressMessages(httr2::with_mock(mock, ct_species(base_url = "http://platform.test")))
  waited <- as.numeric(difftime(Sys.time(), started, units = "secs"))
  expect_equal(calls, 3)
  expect_gte(waited, 2)
  expect_equal(species$name, "Porites lobata")
  expect_type(species$colony_count, "integer")
})

test_that("a wait longer than allowed stops with the server's message", {
  mock <- function(req) {
    httr2::response(503, headers = list("Retry-After" = "3600", "Content-Type" = "application/json"),
                    body = charToRaw('{"error": "The database is unavailable.", "code": "DATABASE_UNAVAILABLE"}'))
  }
  error <- tryCatch(httr2::with_mock(mock, ct_species(base_url = "http://platform.test")),
                    error = function(e) e)
  expect_s3_class(error, "coralthermal_server_error")
  expect_equal(error$status, 503)
  expect_equal(error$code, "DATABASE_UNAVAILABLE")
  expect_match(conditionMessage(error), "The database is unavailable")
})

test_that("bad arguments are refused before any request", {
  expect_error(ct_colonies(ed50 = 36, base_url = "http://platform.test"), "ed50 must be a range")
  expect_error(ct_colonies(ed50 = c(38, 36), base_url = "http://platform.test"), "min <= max")
  expect_error(ct_colonies(species = c("a", "b"), base_url = "http://platform.test"),
               "species must be one")
  expect_error(ct_colonies(hide_flagged = NA, base_url = "http://platform.test"), "hide_flagged")
  expect_error(ct_download("xlsx", base_url = "http://platform.test"), "should be one of")
  expect_error(ct_download("csv", project_id = 1, dataset = 2, base_url = "http://platform.test"),
               "at most one")
})

test_that("without an address the client says how to give one", {
  withr_options <- options(coralthermal.url = NULL)
  on.exit(options(withr_options))
  old <- Sys.getenv("CORALTHERMAL_URL")
  Sys.unsetenv("CORALTHERMAL_URL")
  on.exit(if (old != "") Sys.setenv(CORALTHERMAL_URL = old), add = TRUE)
  expect_error(ct_species(), "No platform address")
})
