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

test_that("a synonym's colony keeps its accepted name as species and the name as written last (decision 0063)", {
  # The feed gives `verbatim_species` only where a synonym moved the name (WoRMS' recorded
  # answer, fixtures/worms: Coryphaena immaculata is a synonym of Coryphaena hippurus); the
  # colony page always gives it.
  json <- function(text) httr2::response(200, headers = list("Content-Type" = "application/json"),
                                         body = charToRaw(text))
  colony <- function(id, species, verbatim = NULL) {
    sprintf('{"id": %d, "name": "colony %d", "species": "%s",%s "country": "FJI",
      "latitude": -18.2, "longitude": 177.7, "projects": ["p"], "collection_years": [2022],
      "thermal_tolerances": [{"id": %d, "ed50": 37.5, "ed50_mmm": 9.1, "sst_clim_mmm": 28.4,
        "condition": "Winter", "timepoint": "420", "quality_flags": []}],
      "breakpoint_temperatures": [], "thermal_limits": []', id, id, species,
      if (is.null(verbatim)) "" else sprintf(' "verbatim_species": "%s",', verbatim), id)
  }
  mock <- function(req) {
    path <- httr2::url_parse(req$url)$path
    if (path == "/api/public/colonies/") {
      return(json(sprintf("[%s}, %s}]", colony(1, "Coryphaena hippurus", "Coryphaena immaculata"),
                          colony(2, "Porites lobata"))))
    }
    if (path == "/api/public/colonies/1/") {
      # The colony page lists its projects with their ids.
      page <- sub('"projects": ["p"]', '"projects": [{"id": 7, "name": "p"}]',
                  colony(1, "Coryphaena hippurus", "Coryphaena immaculata"), fixed = TRUE)
      return(json(paste0(page, ', "observations": [], "dataset": null}')))
    }
    if (path == "/api/public/downloads/map/query.json") return(json('{"datasets": []}'))
    stop("unexpected request ", req$url)
  }
  colonies <- httr2::with_mock(mock, ct_colonies(base_url = "http://platform.test"))
  expect_equal(colonies$species, c("Coryphaena hippurus", "Porites lobata"))
  expect_equal(colonies$verbatim_species, c("Coryphaena immaculata", "Porites lobata"))
  expect_equal(names(colonies)[ncol(colonies)], "verbatim_species")

  one <- httr2::with_mock(mock, ct_colony(1, base_url = "http://platform.test"))
  expect_equal(one$colony$species, "Coryphaena hippurus")
  expect_equal(one$colony$verbatim_species, "Coryphaena immaculata")
})
