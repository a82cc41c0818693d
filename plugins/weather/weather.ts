/**
 * The weather plugin's interface: a provider reads a day's weather on site for the site diary to offer
 * (the user confirms or edits it). Pure types and the providers' names; no network here.
 */

export const WEATHER_PROVIDERS = ["manual"] as const;
export type WeatherProviderName = (typeof WEATHER_PROVIDERS)[number];

export type WeatherQuery = {
  /** The diary's day, YYYY-MM-DD, on the project's clock. */
  date: string;
  /** The diary's location's full name, or null for the whole project. */
  location: string | null;
};

/** A day's weather in the diary's terms (plugins name the diary's choices; temperatures in °C as decimals). */
export type DayWeather = {
  sky?: string | null;
  wind?: string | null;
  rain?: string | null;
  rainStart?: string | null;
  rainEnd?: string | null;
  temperatureStart?: string | null;
  temperaturePeak?: string | null;
};

export interface WeatherProvider {
  readonly name: WeatherProviderName;
  /** The day's weather, or null when the provider has none (the user types it). */
  dayWeather(query: WeatherQuery): Promise<DayWeather | null>;
}
