"""O edital como dado na aplicação web (docs/EDITAIS.md): o arquivo do edital enviado com o do
modelo que ele segue (ou um modelo já guardado na instalação), ou um modelo escolhido com o
número do edital; os valores dele preenchidos no formulário, por assunto, com as palavras da
lei; as razões do motor citando o item do edital; os erros do leitor no formulário, todos de uma
vez, com linha e coluna, sem gravar nada; a versão do modelo que o certame usou, guardada; e a
troca do edital até a homologação, com registro."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from cotas_web import ponte
from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.models import Registro
from cotas_web.certames.models import Certame, ModeloDeEdital
from tests.web.conftest import entrar

pytestmark = pytest.mark.django_db

RAIZ = Path(__file__).resolve().parents[2]
EDITAIS = RAIZ / "exemplos" / "editais"
FEDERAL = EDITAIS / "edital-93-2026.toml"
MODELO_FEDERAL = EDITAIS / "modelos" / "autarquia-exemplo-concurso@2026.1.toml"

# Um modelo municipal de teste (Ouro Preto/MG reserva "o mínimo de 20%" a negros): o modelo
# eleva a 25% e diz o que a lei deixa em aberto; o edital o segue e só diz o número.
VALORES_DO_MODELO = {
    "negros.fracao_entre_lotes": ('"total_acumulado"', "item 5.1"),
    "negros.concorrencia_concomitante": ("true", "item 5.2"),
    "negros.desistencia": ('"proximo_da_mesma_lista"', "item 5.3"),
    "negros.reversao": ('["ampla"]', "item 5.4"),
    "ordem.alternancia_proporcionalidade": ("true", "item 9.1"),
    "falsidade.anulacao": ("false", "item 5.6"),
    "heteroidentificacao.momento": ('"aprovados_antes_da_homologacao"', "item 6.1"),
    "heteroidentificacao.posse_apos_parecer": ("true", "item 6.2"),
    "heteroidentificacao.recursos": ("true", "item 6.3"),
    "heteroidentificacao.recorrentes": ('["candidato"]', "item 6.3"),
    "heteroidentificacao.registro_audiovisual": ("true", "item 6.4"),
    "heteroidentificacao.recusa_filmagem": ('"eliminado"', "item 6.4"),
    "heteroidentificacao.nao_reconhecido": ('"ampla"', "item 6.5"),
}
MODELO_MUNICIPAL = """[modelo]
id = "prefeitura-exemplo/concurso"
versao = "{versao}"
titulo = "Modelo de edital da Prefeitura de Exemplo"
orgao = "Prefeitura Municipal de Exemplo"
lei = "ouro-preto-mg/lei-1274-2022"

[[parametros]]
nome = "negros.percentual"
valor = "{percentual}"
item = "item 4.1"
texto = "Das vagas, {percentual}% serão reservadas a candidatos negros."
""" + "".join(
    f'\n[[parametros]]\nnome = "{nome}"\nvalor = {valor}\nitem = "{item}"\n'
    f'texto = "O texto do {item}."\n'
    for nome, (valor, item) in VALORES_DO_MODELO.items()
).replace("{", "{{").replace("}", "}}")
EDITAL_MUNICIPAL = """[edital]
numero = "{numero}"
orgao = "Prefeitura Municipal de Exemplo"
data = 2026-03-02
lei = "ouro-preto-mg/lei-1274-2022"
modelo = "prefeitura-exemplo/concurso@{versao}"
"""


def _visivel(html: str) -> str:
    """O texto que a tela mostra (sem as marcas, os atributos e os campos ocultos)."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _arquivo(nome: str, texto: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(nome, texto.encode("utf-8"), content_type="application/toml")


def _modelo(versao: str = "2026.1", percentual: str = "25") -> str:
    return MODELO_MUNICIPAL.format(versao=versao, percentual=percentual)


def _edital(numero: str = "12/2026", versao: str = "2026.1") -> str:
    return EDITAL_MUNICIPAL.format(numero=numero, versao=versao)


def _dados(nome: str, **extra: Any) -> dict[str, Any]:
    return {"nome": nome, "tipo": "concurso_publico", "pedido": f"pedido-{nome}", **extra}


def _enviar(client: Any, dados: dict[str, Any]) -> Any:
    return client.post(reverse("certames:novo"), dados)


def _confirmar(client: Any, r: Any, nome: str) -> Any:
    """O segundo envio: o formulário como a tela o mostrou (o edital oculto, os valores dele)."""
    form = r.context["form"]
    dados = {k: v for k, v in form.data.lists()}
    return client.post(reverse("certames:novo"), dados)


def test_edital_com_modelo_enviados_a_razao_da_reserva_cita_o_edital(
    client: Any, rita: Any
) -> None:
    entrar(client, rita)
    r = _enviar(
        client,
        _dados(
            "Concurso 12/2026",
            edital_arquivo=_arquivo("edital-12-2026.toml", _edital()),
            modelo_arquivo=_arquivo("modelo-2026.1.toml", _modelo()),
        ),
    )
    assert r.status_code == 200
    html = r.content.decode()
    # O passo de conferir: nada gravado; os valores do edital por assunto, nas palavras da lei.
    assert not Certame.objects.exists() and not ModeloDeEdital.objects.exists()
    assert "Edital nº 12/2026 lido, que segue o modelo" in html
    assert "Nada foi gravado ainda" in html
    assert "Pessoas negras, pelo Edital nº 12/2026" in html or "pelo Edital nº 12/2026" in html
    assert "Edital nº 12/2026 (modelo prefeitura-exemplo/concurso@2026.1), item 4.1" in html
    assert "negros.percentual" not in _visivel(html) and "alternancia" not in _visivel(html)
    r = _confirmar(client, r, "Concurso 12/2026")
    assert r.status_code == 302, r.context["form"].errors
    certame = Certame.objects.get(nome="Concurso 12/2026")
    assert certame.data_edital == date(2026, 3, 2)
    assert certame.lei_id == "ouro-preto-mg/lei-1274-2022"
    assert certame.informados == {}
    modelo = ModeloDeEdital.objects.get()
    assert certame.modelo_de_edital == modelo and modelo.chave == "prefeitura-exemplo/concurso@2026.1"
    assert certame.modelo_sha256 == modelo.sha256 and len(modelo.sha256) == 64
    assert certame.edital_texto == _edital() and certame.edital_arquivo == "edital-12-2026.toml"
    registro = Registro.objects.get(certame=certame, acao=AcaoAuditada.CERTAME_CRIADO)
    assert registro.dados["edital"]["modelo"] == {
        "id": "prefeitura-exemplo/concurso",
        "versao": "2026.1",
        "sha256": modelo.sha256,
    }
    client.post(
        reverse("certames:cargo_novo", args=[certame.pk]),
        {"codigo": "ADM", "nome": "Analista", "vagas_edital": "10"},
    )
    html = client.get(reverse("certames:detalhe", args=[certame.pk])).content.decode()
    # 25% do modelo (acima dos 20% mínimos da lei) × 10 = 2,5 → 3
    assert re.search(
        r"25% × 10 = 2,5 → 3 vagas reservadas \(Edital nº 12/2026 \(modelo "
        r"prefeitura-exemplo/concurso@2026\.1\), item 4\.1; ",
        html,
    ), html
