from django.urls import include, path

from cotas_web.api.urls import URLS_DA_API

urlpatterns = [
    # As páginas públicas primeiro: a consulta de uma inscrição é a página mais pedida, e cada
    # include antes dela custa ao Django uma tentativa a mais por pedido. (Nenhum caminho delas
    # é também de outro app: a ordem não muda qual vista responde.)
    path("", include("cotas_web.publico.urls")),
    path("", include("cotas_web.contas.urls")),
    path("", include("cotas_web.identidade.urls")),
    path("", include("cotas_web.certames.urls")),
    path("", include("cotas_web.candidatos.urls")),
    path("", include("cotas_web.comissao.urls")),
    path("", include("cotas_web.nomeacoes.urls")),
    path("", include("cotas_web.textos.urls")),
    path("", include("cotas_web.tarefas.urls")),
    path("", include("cotas_web.api.urls")),
    path("api/", URLS_DA_API),
]

# A 404 em português, sem o nome da exceção nem a frase em inglês do `get_object_or_404`.
handler404 = "cotas_web.comum.pagina_nao_encontrada"
