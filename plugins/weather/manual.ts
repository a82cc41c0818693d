import type { WeatherProvider } from "./weather";

/** The default: no service to ask, nothing to install. The user types the day's weather in the diary. */
export const manualWeather: WeatherProvider = {
  name: "manual",
  async dayWeather() {
    return null;
  },
};
