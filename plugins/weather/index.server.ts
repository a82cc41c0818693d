import { logError } from "~/server/http/log";
import { manualWeather } from "./manual";
import type { DayWeather, WeatherProvider, WeatherQuery } from "./weather";

export { type DayWeather, WEATHER_PROVIDERS, type WeatherProvider, type WeatherQuery } from "./weather";

/**
 * The weather providers a project may pick (Operation settings › site diary › weather provider): "manual"
 * by default. A real service is added here as a provider of its own name (and to WEATHER_PROVIDERS); the
 * site diary never calls one directly.
 */
const providers = new Map<string, WeatherProvider>([[manualWeather.name, manualWeather]]);

/** Tests put a provider in place of a name (and take it away with the returned function). */
export function setWeatherProviderForTests(provider: WeatherProvider): () => void {
  const before = providers.get(provider.name);
  providers.set(provider.name, provider);
  return () => {
    if (before) providers.set(provider.name, before);
    else providers.delete(provider.name);
  };
}

/** The day's weather from the named provider; an unknown name or a failing provider gives nothing. */
export async function weatherFor(name: string, query: WeatherQuery): Promise<DayWeather | null> {
  const provider = providers.get(name) ?? manualWeather;
  try {
    return await provider.dayWeather(query);
  } catch (error) {
    logError(error);
    return null;
  }
}
