# The suite reads a live platform: `npm run test:r` starts one on a fresh seeded database and
# sets CORALTHERMAL_TEST_URL. Without it the tests that need a server are skipped.
live_server <- function() {
  url <- Sys.getenv("CORALTHERMAL_TEST_URL", "")
  if (identical(url, "")) testthat::skip("CORALTHERMAL_TEST_URL is not set (run npm run test:r)")
  options(coralthermal.url = url)
  url
}
