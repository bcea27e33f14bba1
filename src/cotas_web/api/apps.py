from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "cotas_web.api"
    label = "dados_abertos"
    verbose_name = "Dados abertos: API só de leitura e feeds"
