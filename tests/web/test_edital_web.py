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

from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.models import Registro
from cotas_web.certames.models import Certame, ModeloDeEdital
from cotas_web.ponte import catalogo, leis, reencenacao
from tests.web.conftest import entrar, publicar

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
    assert "Negros (pretos e pardos), pelo Edital nº 12/2026" in _visivel(html)
    assert "Edital nº 12/2026 (modelo prefeitura-exemplo/concurso@2026.1), item 4.1" in html
    assert "negros.percentual" not in _visivel(html) and "alternancia" not in _visivel(html)
    # O arquivo volta oculto sem quebras de linha (o navegador as reescreveria em CRLF, e o
    # edital conferido seria outro a cada envio).
    assert "\n" not in r.context["form"].data["edital_texto"]
    r = _confirmar(client, r, "Concurso 12/2026")
    assert r.status_code == 302, r.context["form"].errors
    certame = Certame.objects.get(nome="Concurso 12/2026")
    assert certame.data_edital == date(2026, 3, 2)
    assert certame.lei_id == "ouro-preto-mg/lei-1274-2022"
    assert certame.informados == {}
    modelo = ModeloDeEdital.objects.get()
    assert (
        certame.modelo_de_edital == modelo and modelo.chave == "prefeitura-exemplo/concurso@2026.1"
    )
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
    # 25% do modelo (acima dos 20% mínimos da lei) × 10 = 2,5 → 3, no painel e, sem login, na
    # página pública
    razao = re.compile(
        r"25% × 10 = 2,5 → 3 vagas reservadas \(Edital nº 12/2026 \(modelo "
        r"prefeitura-exemplo/concurso@2026\.1\), item 4\.1; "
    )
    assert razao.search(client.get(reverse("certames:detalhe", args=[certame.pk])).content.decode())
    publicar(certame, rita)
    client.logout()
    assert razao.search(client.get(reverse("certames:publico", args=[certame.pk])).content.decode())


def test_edital_invalido_mostra_todos_os_erros_com_linha_e_coluna_e_nada_se_grava(
    client: Any, rita: Any
) -> None:
    entrar(client, rita)
    registros = Registro.objects.count()
    ruim = _edital().replace('numero = "12/2026"', 'numero = "12/2026"\nsigla = 1')
    modelo_ruim = _modelo(percentual="15").replace('valor = ["candidato"]', 'valor = "sim"')
    r = _enviar(
        client,
        _dados(
            "Concurso ruim",
            edital_arquivo=_arquivo("ruim.toml", ruim),
            modelo_arquivo=_arquivo("modelo-ruim.toml", modelo_ruim),
        ),
    )
    assert r.status_code == 200
    form = r.context["form"]
    erros_do_edital = form.errors["edital_arquivo"]
    erros_do_modelo = form.errors["modelo_arquivo"]
    # Todos de uma vez: a chave desconhecida no edital, o percentual abaixo do mínimo e o valor
    # de tipo errado no modelo, cada um com o arquivo, a linha e a coluna.
    assert erros_do_edital == [
        "ruim.toml, linha 3, coluna 9, chave \"edital.sigla\": chave desconhecida 'sigla' (as "
        "chaves aceitas aqui são numero, orgao, data, lei, modelo, titulo)"
    ]
    assert len(erros_do_modelo) == 2, erros_do_modelo
    assert erros_do_modelo[0].startswith(
        'modelo-ruim.toml, linha 10, coluna 9, chave "parametros[1].valor": '
        "'negros.percentual' = \"15\""
    )
    assert "abaixo do mínimo de 20%" in erros_do_modelo[0]
    assert (
        "Edital nº 12/2026 (modelo prefeitura-exemplo/concurso@2026.1), item 4.1"
        in (erros_do_modelo[0])
    )
    assert erros_do_modelo[1].startswith(
        'modelo-ruim.toml, linha 70, coluna 9, chave "parametros[11].valor": '
        "'heteroidentificacao.recorrentes' = \"sim\""
    )
    html = r.content.decode()
    assert "2 campos precisam de correção" in html  # (cada erro junto do campo do seu arquivo)
    for erro in [*erros_do_edital, *erros_do_modelo]:
        assert erro.replace("'", "&#x27;").replace('"', "&quot;") in html
    assert not Certame.objects.exists() and not ModeloDeEdital.objects.exists()
    assert Registro.objects.count() == registros


def test_erro_de_sintaxe_do_edital_com_linha_e_coluna_e_o_modelo_lido_fica(
    client: Any, rita: Any
) -> None:
    entrar(client, rita)
    r = _enviar(
        client,
        _dados(
            "Concurso",
            edital_arquivo=_arquivo("quebrado.toml", '[edital]\nnumero = "1\n'),
            modelo_arquivo=_arquivo("modelo-2026.1.toml", _modelo()),
        ),
    )
    form = r.context["form"]
    [erro] = form.errors["edital_arquivo"]
    assert erro.startswith("quebrado.toml, linha 2, coluna ")
    assert "modelo_arquivo" not in form.errors
    assert not Certame.objects.exists() and not ModeloDeEdital.objects.exists()
    # O modelo lido sem erro volta oculto: basta enviar o edital corrigido.
    assert "Basta enviar de novo o arquivo do edital corrigido" in r.content.decode()
    dados = {k: v for k, v in form.data.lists() if k != "edital_arquivo"}
    r = client.post(
        reverse("certames:novo"),
        {**dados, "edital_arquivo": _arquivo("edital-12.toml", _edital())},
    )
    assert "Edital nº 12/2026 lido, que segue o modelo" in r.content.decode()
    assert _confirmar(client, r, "Concurso").status_code == 302
    assert Certame.objects.get().modelo_de_edital == ModeloDeEdital.objects.get()


def test_o_certame_fica_com_a_versao_do_modelo_depois_de_uma_versao_nova(
    client: Any, rita: Any
) -> None:
    entrar(client, rita)
    r = _enviar(
        client,
        _dados(
            "Concurso A",
            edital_arquivo=_arquivo("edital-12.toml", _edital()),
            modelo_arquivo=_arquivo("modelo-2026.1.toml", _modelo()),
        ),
    )
    assert _confirmar(client, r, "Concurso A").status_code == 302
    antigo = Certame.objects.get(nome="Concurso A")
    # A versão nova do modelo (30%) chega com outro certame.
    r = _enviar(
        client,
        _dados(
            "Concurso B",
            edital_arquivo=_arquivo("edital-13.toml", _edital("13/2026", "2026.2")),
            modelo_arquivo=_arquivo("modelo-2026.2.toml", _modelo("2026.2", "30")),
        ),
    )
    assert _confirmar(client, r, "Concurso B").status_code == 302
    novo = Certame.objects.get(nome="Concurso B")
    assert [m.versao for m in ModeloDeEdital.objects.order_by("versao")] == ["2026.1", "2026.2"]
    assert antigo.modelo_de_edital.versao == "2026.1"  # type: ignore[union-attr]
    assert novo.modelo_de_edital.versao == "2026.2"  # type: ignore[union-attr]
    antigo.refresh_from_db()
    assert leis.regras_do_certame(antigo).grupos_da_lei[0].percentual == 25
    assert leis.regras_do_certame(novo).grupos_da_lei[0].percentual == 30
    # A versão guardada nunca muda: o mesmo id e versão com outro conteúdo é recusado.
    r = _enviar(
        client,
        _dados(
            "Concurso C",
            edital_arquivo=_arquivo("edital-14.toml", _edital("14/2026")),
            modelo_arquivo=_arquivo("outro.toml", _modelo("2026.1", "35")),
        ),
    )
    [erro] = r.context["form"].errors["modelo_arquivo"]
    assert "o modelo prefeitura-exemplo/concurso@2026.1 já está guardado" in erro
    assert not Certame.objects.filter(nome="Concurso C").exists()
    assert ModeloDeEdital.objects.count() == 2
    # O modelo guardado serve ao edital seguinte sem o arquivo dele.
    r = _enviar(
        client, _dados("Concurso D", edital_arquivo=_arquivo("edital-15.toml", _edital("15/2026")))
    )
    assert _confirmar(client, r, "Concurso D").status_code == 302
    assert Certame.objects.get(nome="Concurso D").modelo_de_edital == antigo.modelo_de_edital


def test_modelo_guardado_escolhido_com_o_numero_e_um_valor_mudado_com_justificativa(
    client: Any, rita: Any
) -> None:
    entrar(client, rita)
    r = _enviar(
        client,
        _dados(
            "Concurso A",
            edital_arquivo=_arquivo("edital-12.toml", _edital()),
            modelo_arquivo=_arquivo("modelo-2026.1.toml", _modelo()),
        ),
    )
    assert _confirmar(client, r, "Concurso A").status_code == 302
    # Sem o arquivo do edital: o modelo guardado, o número e a data.
    dados = _dados(
        "Concurso E",
        modelo_guardado="prefeitura-exemplo/concurso@2026.1",
        edital_numero="20/2026",
        data_edital="2026-04-01",
    )
    r = _enviar(client, dados)
    html = r.content.decode()
    assert "Edital nº 20/2026 lido, que segue o modelo de edital da Prefeitura" in html
    assert "modelo Modelo" not in html
    assert not Certame.objects.filter(nome="Concurso E").exists()
    # O operador muda o percentual sem o fundamento: recusado, junto do campo.
    form = r.context["form"]
    dados = {k: v for k, v in form.data.lists()}
    dados["lacuna__negros.percentual"] = ["30"]
    r = client.post(reverse("certames:novo"), dados)
    erros = r.context["form"].errors
    [erro] = erros["lacuna__negros.percentual"]
    assert erro.startswith("Difere do Edital nº 20/2026 (modelo prefeitura-exemplo/")
    assert "item 4.1 (25%)" in erro
    assert erros["justificativa_do_edital"][0].startswith("Informe de onde vêm os valores mudados")
    # Um fundamento sem nada mudado também é recusado.
    sem_mudanca = {**dados, "lacuna__negros.percentual": ["25"]}
    sem_mudanca["justificativa_do_edital"] = ["Retificação nº 1 do edital, item 2"]
    r = client.post(reverse("certames:novo"), sem_mudanca)
    assert r.context["form"].errors["justificativa_do_edital"] == [
        "Nenhum valor difere do edital: apague este texto, ou mude o valor."
    ]
    dados["justificativa_do_edital"] = ["Retificação nº 1 do edital, item 2"]
    r = client.post(reverse("certames:novo"), dados)
    assert r.status_code == 302, r.context["form"].errors
    certame = Certame.objects.get(nome="Concurso E")
    assert certame.informados == {
        "negros.percentual": {
            "valor": "30",
            "justificativa": "Retificação nº 1 do edital, item 2",
        }
    }
    assert 'numero = "20/2026"' in (certame.edital_texto or "")
    # A razão cita o valor do operador com a justificativa e o que ele substituiu (como
    # `--parametro` na linha de comando).
    regras = leis.regras_do_certame(certame)
    substitui = (
        'substitui Edital nº 20/2026 (modelo prefeitura-exemplo/concurso@2026.1), item 4.1: "25"'
    )
    informado: Any = regras.informados["negros.percentual"]
    assert informado["justificativa"] == (f"Retificação nº 1 do edital, item 2; {substitui}")
    [ref] = regras.grupos_da_lei[0].ref("percentual")
    assert ref.texto.startswith(f"Retificação nº 1 do edital, item 2; {substitui}")
    # os demais valores seguem citados como do edital
    [ref] = regras.grupos_da_lei[0].ref("reversao")
    assert (
        ref.citacao() == "Edital nº 20/2026 (modelo prefeitura-exemplo/concurso@2026.1), item 5.4"
    )


def test_federal_com_o_regulamento_e_o_edital_nao_pede_mais_nada(client: Any, rita: Any) -> None:
    """Lei 15.142/2025 com o regulamento nos dados e o edital de exemplo com o modelo: o
    formulário mostra os valores do edital e não pede nenhum valor; o certame se cria sem
    nenhum valor digitado."""
    entrar(client, rita)
    r = _enviar(
        client,
        _dados(
            "Concurso federal 01/2026",
            orgao="autarquia",
            edital_arquivo=_arquivo(FEDERAL.name, FEDERAL.read_text(encoding="utf-8")),
            modelo_arquivo=_arquivo(MODELO_FEDERAL.name, MODELO_FEDERAL.read_text("utf-8")),
        ),
    )
    form = r.context["form"]
    assert not form.errors, form.errors
    html = r.content.decode()
    visivel = _visivel(html)
    for titulo in (
        "Pessoas pretas e pardas",
        "Pessoas quilombolas",
        "Comissão de heteroidentificação",
    ):
        assert f"{titulo}, pelo Edital nº 93/2026" in visivel
    assert "Edital nº 93/2026, item 4.3" in visivel
    assert "heteroidentificacao" not in visivel and "reversao" not in visivel
    # Nada do que a lei, o regulamento ou o edital fixa é perguntado; o que resta em aberto é
    # opcional (o certame não precisa dele).
    lei = catalogo.catalogo().lei("federal/lei-15142-2025")
    em_branco = [n for n in form.lacunas if n not in form.do_edital]
    assert set(em_branco) == set(lei.desconhecidos(date(2026, 3, 2))) - set(form.do_edital)
    assert all(not form.fields[f"lacuna__{n}"].required for n in em_branco)
    for nome in ("pretos_pardos.percentual", "grupos.candidato_em_varios"):
        assert f'name="lacuna__{nome}"' not in html
    r = _confirmar(client, r, "Concurso federal 01/2026")
    assert r.status_code == 302, r.context["form"].errors
    certame = Certame.objects.get(nome="Concurso federal 01/2026")
    assert certame.informados == {} and certame.municipio == lei.municipio
    regras = leis.regras_do_certame(certame)
    assert regras.comissao is not None and regras.comissao.membros == 5
    assert "Edital nº 93/2026, item 4.3" in [
        r.citacao()
        for g in regras.grupos_da_lei
        if g.nome == "quilombolas"
        for r in g.ref("reversao")
    ]


def _valor_do_modelo(nome: str) -> object:
    import tomllib

    return tomllib.loads(f"v = {VALORES_DO_MODELO[nome][0]}")["v"]


def test_o_edital_se_adota_ate_a_homologacao_com_registro(client: Any, rita: Any) -> None:
    """Um certame criado com os valores digitados um a um adota o edital: os digitados iguais
    aos do edital saem (vale o edital), o diferente fica e o substitui; a data do certame passa a
    ser a do edital; o registro diz o antes e o depois, com o modelo e a versão."""
    from cotas_web.certames.services import certame_criar

    informados = {
        nome: {"valor": _valor_do_modelo(nome), "justificativa": "Edital, digitado"}
        for nome in VALORES_DO_MODELO
    }
    informados["negros.reversao"] = {"valor": ["ampla"], "justificativa": "Edital, digitado"}
    informados["negros.desistencia"]["justificativa"] = "Edital, digitado"
    informados["falsidade.anulacao"] = {"valor": True, "justificativa": "Decreto municipal"}
    certame = certame_criar(
        usuario=rita,
        nome="Concurso digitado",
        municipio="Ouro Preto/MG",
        data_edital=date(2026, 3, 1),
        tipo="concurso_publico",
        informados=informados,
    )
    entrar(client, rita)
    url = reverse("certames:edital", args=[certame.pk])
    assert (
        "Adotar o edital como dado"
        in client.get(reverse("certames:detalhe", args=[certame.pk])).content.decode()
    )
    r = client.post(
        url,
        {
            "edital_arquivo": _arquivo("edital-12.toml", _edital()),
            "modelo_arquivo": _arquivo("modelo-2026.1.toml", _modelo()),
            "motivo": "O edital publicado, como dado.",
        },
    )
    assert r.status_code == 200
    html = r.content.decode()
    assert "Adotar o Edital nº 12/2026" in html and "Os valores do Edital nº 12/2026" in html
    assert Certame.objects.get(pk=certame.pk).edital_texto is None
    form = r.context["form"]
    r = client.post(url, {k: v for k, v in form.data.lists()})
    assert r.status_code == 302, r.context["form"].errors
    certame.refresh_from_db()
    assert certame.data_edital == date(2026, 3, 2)
    assert certame.modelo_de_edital is not None and certame.modelo_de_edital.versao == "2026.1"
    # O digitado diferente do edital fica (e o substitui); os iguais saem.
    assert certame.informados == {
        "falsidade.anulacao": {"valor": True, "justificativa": "Decreto municipal"}
    }
    registro = Registro.objects.get(certame=certame, acao=AcaoAuditada.EDITAL_ADOTADO)
    assert registro.dados["antes"] is None
    assert registro.dados["depois"]["modelo"]["versao"] == "2026.1"
    assert "Motivo: O edital publicado, como dado." in registro.descricao
    assert "Data de publicação do edital: 01/03/2026 → 02/03/2026" in registro.descricao
    html = client.get(reverse("certames:detalhe", args=[certame.pk])).content.decode()
    assert "Trocar o edital" in html
    assert "Substituído pelo valor informado pelo operador" in html
    # A troca pela versão nova do modelo: o antes e o depois no registro.
    r = client.post(
        url,
        {
            "edital_arquivo": _arquivo("edital-12.toml", _edital(versao="2026.2")),
            "modelo_arquivo": _arquivo("modelo-2026.2.toml", _modelo("2026.2", "30")),
            "motivo": "Versão nova do modelo.",
        },
    )
    r = client.post(url, {k: v for k, v in r.context["form"].data.lists()})
    assert r.status_code == 302, r.context["form"].errors
    certame.refresh_from_db()
    ultimo = Registro.objects.filter(acao=AcaoAuditada.EDITAL_ADOTADO).order_by("pk").last()
    assert ultimo is not None and ultimo.dados["antes"]["modelo"]["versao"] == "2026.1"
    assert ultimo.dados["depois"]["modelo"]["versao"] == "2026.2"
    assert leis.regras_do_certame(certame).grupos_da_lei[0].percentual == 30


def test_depois_da_homologacao_o_edital_nao_muda(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    from django.core.exceptions import ValidationError

    from cotas_web.certames import editais
    from cotas_web.certames.services import certame_edital_adotar

    lido = editais.ler_edital_enviado(
        edital=editais.Enviado("edital-12.toml", _edital()),
        modelo=editais.Enviado("modelo.toml", _modelo()),
        escolhido="",
        numero="",
        data=None,
    )
    registros = Registro.objects.count()
    with pytest.raises(ValidationError, match="o edital como dado não muda mais"):
        certame_edital_adotar(usuario=rita, certame=certame_homologado, edital=lido, motivo="x")
    assert Registro.objects.count() == registros and not ModeloDeEdital.objects.exists()
    entrar(client, rita)
    url = reverse("certames:edital", args=[certame_homologado.pk])
    html = client.get(url).content.decode()
    assert "o edital como dado não muda mais" in html and "<form" not in html.split("<main")[-1]
    assert (
        "Trocar o edital"
        not in client.get(
            reverse("certames:detalhe", args=[certame_homologado.pk])
        ).content.decode()
    )


def test_corrigir_mostra_os_valores_do_edital_e_aceita_o_que_o_substitui(
    client: Any, rita: Any
) -> None:
    entrar(client, rita)
    r = _enviar(
        client,
        _dados(
            "Concurso 12/2026",
            edital_arquivo=_arquivo("edital-12.toml", _edital()),
            modelo_arquivo=_arquivo("modelo-2026.1.toml", _modelo()),
        ),
    )
    assert _confirmar(client, r, "Concurso 12/2026").status_code == 302
    certame = Certame.objects.get()
    url = reverse("certames:corrigir", args=[certame.pk])
    r = client.get(url)
    form = r.context["form"]
    assert "data_edital" not in form.fields  # (a data é a do edital: muda trocando o edital)
    assert form.fields["lacuna__negros.percentual"].initial == "25"
    assert "Negros (pretos e pardos), pelo Edital nº 12/2026" in _visivel(r.content.decode())
    dados = {
        nome: form.initial.get(nome, campo.initial)
        for nome, campo in form.fields.items()
        if form.initial.get(nome, campo.initial) is not None
    }
    dados.update(
        {
            "lacuna__negros.percentual": "30",
            "justificativa_do_edital": "Retificação nº 1, item 2",
            "motivo": "Retificação do edital.",
            "lacuna__heteroidentificacao.recorrentes": ["candidato"],
        }
    )
    r = client.post(url, dados)
    assert r.status_code == 302, r.context["form"].errors
    certame.refresh_from_db()
    assert certame.informados == {
        "negros.percentual": {"valor": "30", "justificativa": "Retificação nº 1, item 2"}
    }
    assert leis.regras_do_certame(certame).grupos_da_lei[0].percentual == 30


def test_as_regras_do_edital_adotado_vao_ao_motor_e_a_chave_do_livro(
    client: Any, rita: Any
) -> None:
    """Um edital com regra própria da ordem (uma vaga a cada cinco, a negros): adotado pela
    tela, a regra chega às regras do certame como chega na linha de comando, e o plano de vagas
    a segue, citando o item do edital."""
    arquivo = EDITAIS / "edital-5-2026-uma-a-cada-cinco.toml"
    texto = arquivo.read_text(encoding="utf-8")
    entrar(client, rita)
    r = _enviar(client, _dados("Concurso 05/2026", edital_arquivo=_arquivo(arquivo.name, texto)))
    assert not r.context["form"].errors, r.context["form"].errors
    r = _confirmar(client, r, "Concurso 05/2026")
    assert r.status_code == 302, r.context["form"].errors
    certame = Certame.objects.get(nome="Concurso 05/2026")
    regras = leis.regras_do_certame(certame)
    assert regras.do_edital is not None and regras.do_edital.ordem is not None
    assert regras.do_edital.ordem.a_cada == 5
    from cotas.motor.ordem import PlanoDeVagas

    plano = PlanoDeVagas(regras)
    plano.acrescentar_lote(10)
    quintas = [v for v in plano.vagas if v.numero % 5 == 0]
    assert [v.reservada_para for v in quintas] == ["negros"] * 2
    assert all("Edital nº 5/2026, item 3.6" in v.razao.fundamento_curto() for v in quintas)


def test_o_edital_que_conta_a_reserva_pcd_no_total_a_coloca_no_cargo_que_diz(
    client: Any, rita: Any
) -> None:
    """O edital que conta a reserva PcD no total das 11 vagas (5% × 11 = 0,55 → 1) e a põe em
    ADM: adotado pela tela, com os cargos do quadro, a reserva de ADM tem a vaga PcD, com os
    itens do edital, e os outros cargos, nenhuma."""
    from cotas_web.certames import selectors
    from cotas_web.certames.services import cargo_adicionar

    arquivo = EDITAIS / "edital-22-2026-pcd-no-total.toml"
    texto = arquivo.read_text(encoding="utf-8")
    entrar(client, rita)
    dados = _dados("Concurso 22/2026", orgao="administracao_direta")
    r = _enviar(client, {**dados, "edital_arquivo": _arquivo(arquivo.name, texto)})
    assert not r.context["form"].errors, r.context["form"].errors
    r = _confirmar(client, r, "Concurso 22/2026")
    assert r.status_code == 302, r.context["form"].errors
    certame = Certame.objects.get(nome="Concurso 22/2026")
    for codigo, vagas in (("ADM", 6), ("TEC", 3), ("MOT", 2)):
        cargo_adicionar(
            usuario=rita, certame=certame, codigo=codigo, nome=codigo, vagas_edital=vagas
        )
    reservas = {r.cargo.codigo: r for r in selectors.reserva_por_cargo(certame=certame)}
    assert {c: r.reservadas.get("pcd") for c, r in reservas.items()} == {
        "ADM": 1,
        "MOT": 0,
        "TEC": 0,
    }
    assert not reservas["ADM"].erro
    memoria = " ".join(reservas["ADM"].memoria)
    assert "1 vaga colocada neste cargo pelo edital" in memoria
    assert "Edital nº 22/2026, item 5.1; Edital nº 22/2026, item 5.2" in memoria
    assert reencenacao.reencenar(certame).reserva("ADM").reservadas == {"negros": 1, "pcd": 1}
    from cotas.motor.ordem import PlanoDeVagas

    plano = PlanoDeVagas(leis.regras_do_certame(certame), cargo="ADM")
    plano.acrescentar_lote(6)
    assert [v.numero for v in plano.vagas if v.reservada_para == "pcd"] == [5]
